// The one formatter of dates shown on a page (site/lib/format.ts): each
// language's own form, from its Intl tag in data/locales.yaml.
import { describe, expect, it } from "vitest";
import { formatDate, formatNumber } from "../../site/lib/format.ts";

describe("formatDate", () => {
  it.each([
    ["English", "en", "2026-11-23", "23 November 2026"],
    ["German", "de", "2026-11-23", "23. November 2026"],
    ["German month name", "de", "2025-03-07", "7. März 2025"],
    ["the default language", undefined, "2025-03-07", "7 March 2025"],
    ["the last day of a year, in any time zone", "de", "2026-12-31", "31. Dezember 2026"],
  ] as const)("%s: %s %s → %s", (_name, locale, iso, expected) => {
    expect(formatDate(iso, locale)).toBe(expected);
  });
});

describe("formatNumber", () => {
  it.each([
    ["en", 1200, "1,200"],
    ["de", 1200, "1.200"],
  ] as const)("%s: %d → %s", (locale, value, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });
});
