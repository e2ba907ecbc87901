// Environment: server and browser. Which language a URL is in, and the URL of
// a page in another language. The locales themselves are data
// (data/locales.yaml → site/generated/locales.ts, docs/i18n.md §1).
import { joinPrefix, splitPrefix } from "../../schemas/locale-paths.ts";
import { defaultLocale, locales } from "../generated/locales.ts";

export type Locale = (typeof locales)[number]["code"];
export type LocaleInfo = (typeof locales)[number];

export { defaultLocale, locales };

const byCode = new Map<string, LocaleInfo>(locales.map((l) => [l.code, l]));

export function isLocale(code: string): code is Locale {
  return byCode.has(code);
}

export function localeInfo(code: Locale): LocaleInfo {
  const info = byCode.get(code);
  if (!info) throw new Error(`bug: unknown locale ${code}`);
  return info;
}

/** "/de/about" → { locale: "de", path: "/about" }; "/about" → { locale: "en", path: "/about" }. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const { locale, path } = splitPrefix(locales, pathname);
  return { locale: locale?.code ?? defaultLocale, path };
}

/** The address of the page at `path` (a path of the default language) in `locale`: "/about" → "/de/about", "/" → "/de". */
export function localePath(locale: Locale, path: string): string {
  return joinPrefix(localeInfo(locale).pathPrefix, path);
}

/** Paths that are files or the API, never a page, so never localized. */
const notPages = /^\/(?:api\/|images\/|favicon|assets\/)|\.(?:xml|txt|svg|png|jpe?g|webp|ico|json)$/;

/**
 * A link of the data (written in the default language's paths) as it is on a
 * page in `locale`: internal page links get the locale's prefix, everything
 * else (other sites, mail, fragments, files) stays as it is.
 */
export function localizeHref(locale: Locale, href: string): string {
  if (locale === defaultLocale || !href.startsWith("/") || href.startsWith("//") || notPages.test(href)) return href;
  const hashAt = href.search(/[?#]/);
  const path = hashAt === -1 ? href : href.slice(0, hashAt);
  const rest = hashAt === -1 ? "" : href.slice(hashAt);
  if (splitLocale(path).locale !== defaultLocale) return href;
  return `${localePath(locale, path)}${rest}`;
}
