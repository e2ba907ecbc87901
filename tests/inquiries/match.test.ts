import { describe, expect, it } from "vitest";
import { type MatchConsultant, suggestionsText, suggestMatches } from "../../inquiries/match.ts";
import { parseArrBand } from "../../schemas/arr-range.ts";
import { consultants } from "../../site/generated/consultants.ts";
import { arr, industry } from "../../site/generated/form-options.ts";

/** A small cast of its own, so each row of the table shows one rule. */
const cast: MatchConsultant[] = [
  { slug: "ana", name: "Ana", industries: ["fintech", "hrtech", "enterprise"], arrRange: "1M-10M" },
  { slug: "ben", name: "Ben", industries: ["logistics", "fintech", "salestech"], arrRange: "5M-50M" },
  { slug: "cleo", name: "Cleo", industries: ["martech", "salestech", "proptech"], arrRange: "2M-25M" },
  { slug: "dev", name: "Dev", industries: ["healthcare", "proptech", "fintech"], arrRange: "20M-50M" },
  { slug: "eve", name: "Eve", industries: ["salestech", "hrtech", "logistics"], arrRange: "1M-15M" },
];

describe("suggestMatches", () => {
  it.each<[string, { industry: string | null; arr: string | null }, string[]]>([
    [
      "both fit first, then industry only, then stage only; three at most",
      { industry: "fintech", arr: "5-10m" },
      // both: Ana (fintech 1st), Ben (fintech 2nd); industry only: Dev; stage only (Cleo, Eve) cut at three.
      ["ana:industry-and-stage", "ben:industry-and-stage", "dev:industry"],
    ],
    [
      "within a rank, whoever lists the industry earlier comes first",
      { industry: "salestech", arr: "2-5m" },
      // both fit: Eve (1st), Cleo (2nd), not Ben (5M-50M does not reach 2-5m)
      ["eve:industry-and-stage", "cleo:industry-and-stage", "ben:industry"],
    ],
    [
      "then the order of the data",
      { industry: "other", arr: "10-25m" },
      // nobody lists "other": stage only, in data order (Ana's 1M-10M touches 10 only: no fit)
      ["ben:stage", "cleo:stage", "dev:stage"],
    ],
    ["a band that only touches a range's end does not fit", { industry: "other", arr: "50m+" }, []],
    [
      "an open-ended band fits a range that reaches above its start",
      { industry: "healthcare", arr: "25-50m" },
      ["dev:industry-and-stage", "ben:stage"],
    ],
    ["industry only, when no band fits", { industry: "martech", arr: "50m+" }, ["cleo:industry"]],
    ["a quick inquiry (no industry, no ARR) gets none", { industry: null, arr: null }, []],
    [
      "an ARR value that is not a band counts as no stage",
      { industry: "proptech", arr: "lots" },
      ["dev:industry", "cleo:industry"],
    ],
  ])("%s", (_rule, inquiry, expected) => {
    expect(suggestMatches(inquiry, cast).map((s) => `${s.slug}:${s.fit}`)).toEqual(expected);
  });

  it("returns the consultants' names with their slugs", () => {
    expect(suggestMatches({ industry: "hrtech", arr: null }, cast)).toEqual([
      { slug: "ana", name: "Ana", fit: "industry" },
      { slug: "eve", name: "Eve", fit: "industry" },
    ]);
  });

  it("does not depend on anything but its input (same input, same answer)", () => {
    const inquiry = { industry: "fintech", arr: "5-10m" };
    expect(suggestMatches(inquiry, [...cast])).toEqual(suggestMatches(inquiry, cast));
  });

  it("with the shipped data: every full inquiry gets at least one suggestion, each a real consultant", () => {
    const slugs = consultants.map((c) => c.slug);
    for (const { value: i } of industry.filter((option) => option.value !== "other")) {
      for (const { value: a } of arr) {
        const suggestions = suggestMatches({ industry: i, arr: a }, consultants);
        expect(suggestions.length, `${i} ${a}`).toBeGreaterThan(0);
        expect(suggestions.length).toBeLessThanOrEqual(3);
        for (const s of suggestions) expect(slugs).toContain(s.slug);
      }
    }
  });

  it("reads as one line for the CLI", () => {
    expect(suggestionsText(suggestMatches({ industry: "fintech", arr: "5-10m" }, cast))).toBe(
      "Ana (industry and ARR stage); Ben (industry and ARR stage); Dev (industry)",
    );
  });
});

describe("parseArrBand (the inquiry form's ARR values)", () => {
  it.each([
    ["1-2m", { low: 1, high: 2 }],
    ["10-25m", { low: 10, high: 25 }],
    ["2.5-5m", { low: 2.5, high: 5 }],
    ["50m+", { low: 50, high: Number.POSITIVE_INFINITY }],
    ["50m", null],
    ["1M-2M", null],
    ["", null],
  ])("%s → %o", (value, expected) => {
    expect(parseArrBand(value)).toEqual(expected);
  });

  it("every shipped ARR option reads as a band", () => {
    for (const option of arr) expect(parseArrBand(option.value), option.value).not.toBeNull();
  });
});
