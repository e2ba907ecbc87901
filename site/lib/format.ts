// Environment: server and browser. The one place a date or a count shown on a
// page is written out: every page, card and list goes through it, so a German
// page says "23. November 2026", never "23 November 2026".
import { defaultLocale, type Locale, localeInfo } from "./locale.ts";

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** "2025-03-07" → "7 March 2025" (en-GB), "7. März 2025" (de-DE): the language's Intl tag, the same on the server and in the browser. */
export function formatDate(isoDate: string, locale: Locale = defaultLocale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(localeInfo(locale).intl, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A count as the language writes it (1,200 / 1.200). */
export function formatNumber(value: number, locale: Locale = defaultLocale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeInfo(locale).intl);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
