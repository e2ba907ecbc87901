// What one page view is counted under: the day, the page (its English page and
// the language it was read in), whether it began the visit, the referring
// site's host and the link's campaign tags. Nothing here tells one visitor
// from another. Pure: no I/O, no clock (the caller passes the day).
import { splitPrefix } from "../schemas/locale-paths.ts";

/** The key of a row of daily counts. Empty strings mean "none" (a key column is never null). */
export interface ViewKey {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** The English page's path ("/about" for "/de/about"). */
  page: string;
  /** The language the page was read in, a code of data/locales.yaml. */
  language: string;
  /** True for the first page of a visit (a full load); false for a client-side navigation. */
  landing: boolean;
  /** The host of the site that linked to the landing page ("www.linkedin.com"); "" for none. */
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

export interface ViewCount extends ViewKey {
  views: number;
}

/** A key as one string, for summing in memory. */
export function keyString(key: ViewKey): string {
  return JSON.stringify([
    key.day,
    key.page,
    key.language,
    key.landing,
    key.referrerHost,
    key.utmSource,
    key.utmMedium,
    key.utmCampaign,
  ]);
}

/** "2026-11-28" for any time of that UTC day. */
export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** What a language needs here: its code and its path prefix ("" for the default language). */
export interface PageLanguage {
  code: string;
  pathPrefix: string;
}

/**
 * A request path as one of the built site's pages, or undefined: "/about/" is
 * "/about", "/de" is "/de"; anything not in `pages` (the paths of the built
 * pages, each language's under its prefix) is no page.
 */
export function knownPage(path: string, pages: ReadonlySet<string>): string | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return pages.has(trimmed) ? trimmed : undefined;
}

/** "/de/about" → { page: "/about", language: "de" }; "/about" → the default language's. */
export function pageAndLanguage(
  path: string,
  locales: readonly PageLanguage[],
  defaultLanguage: string,
): { page: string; language: string } {
  const { locale, path: page } = splitPrefix(locales, path);
  return { page, language: locale?.code ?? defaultLanguage };
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The host of a referrer as the page's script sends it (a host, or a whole
 * http(s) URL): lower case, no port, no path, no query; "" for none, for
 * anything that is not a host name (over-long, control characters, another
 * scheme, an IP address), and for `ownHost` (a link from the site itself).
 */
export function referrerHost(text: string | undefined, ownHost: string | undefined): string {
  if (!text) return "";
  let host: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "";
    host = url.hostname.toLowerCase();
  } catch {
    return "";
  }
  // An address instead of a name may be a visitor's own machine: never kept.
  if (!HOST.test(host) || /^[\d.]+$/.test(host)) return "";
  const own = ownHost?.toLowerCase().replace(/:\d+$/, "");
  return host === own ? "" : host;
}

/**
 * A utm_ value as counted: NFC, lower case, letters, digits and `. _ ~ + -`
 * kept, every other run of characters (spaces, control characters,
 * punctuation, markup) one "-", at most `maxLength` characters. Garbage
 * becomes a short, harmless word or "", never an unbounded new key.
 */
export function campaignValue(text: string | undefined, maxLength: number): string {
  if (!text) return "";
  return text
    .slice(0, maxLength * 4)
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._~+-]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
