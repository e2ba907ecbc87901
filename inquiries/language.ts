// The language an inquiry was written in: one of the site's languages
// (data/locales.yaml → site/generated/locales.ts), recorded with the inquiry
// so that the partners answer in it.
import { joinPrefix } from "../schemas/locale-paths.ts";
import { defaultLocale, locales } from "../site/generated/locales.ts";

export type Language = (typeof locales)[number]["code"];

export { defaultLocale };

const byCode = new Map<string, (typeof locales)[number]>(locales.map((locale) => [locale.code, locale]));

export function isLanguage(code: unknown): code is Language {
  return typeof code === "string" && byCode.has(code);
}

/** The language a request says it is in, or the default when it says none the site has. */
export function languageOr(code: unknown): Language {
  return isLanguage(code) ? code : defaultLocale;
}

/** The page at `path` (the default language's path, "/contact/sent") in `language`: "/de/contact/sent". */
export function pageIn(language: Language, path: string): string {
  return joinPrefix(byCode.get(language)?.pathPrefix ?? "", path);
}

const defaultIntl = byCode.get(defaultLocale)?.intl ?? defaultLocale;
const namesInDefault = new Intl.DisplayNames([defaultIntl], { type: "language", fallback: "none" });

/**
 * A stored language as the partners read it, in the default language (the
 * language of the notification mail) with the language's own name from the
 * data: "German (Deutsch, de)", "English (en)". A code the site no longer
 * has (removed from data/locales.yaml after the inquiry arrived) is named by
 * Intl alone, or shown as it is.
 */
export function languageName(code: string): string {
  const own = byCode.get(code)?.name;
  const inDefault = nameInDefault(code);
  const names = [...new Set([inDefault, own].filter((name): name is string => Boolean(name)))];
  return names.length === 0 ? code : `${names[0]} (${[...names.slice(1), code].join(", ")})`;
}

function nameInDefault(code: string): string | undefined {
  try {
    return namesInDefault.of(code);
  } catch {
    return undefined; // not a language tag at all
  }
}
