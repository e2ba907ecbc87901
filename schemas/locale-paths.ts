/**
 * A page's address in a language: the default language's pages at their
 * path ("/about"), every other language's under its prefix ("/de/about",
 * "/de" for "/"). The one place that splits and joins a prefix; the
 * site's routing (site/lib/locale.ts), the inquiry domain's pages
 * (inquiries/language.ts) and the server's 404 pages (server/static.ts)
 * all use it, with the locales of data/locales.yaml. Pure, no imports:
 * every layer may import it.
 */

/** What a language needs here: its prefix, "" for the default language. */
export interface Prefixed {
  pathPrefix: string;
}

/** Whether `pathname` is under `prefix`: "/de" and "/de/about" are under "/de", "/deutsch" is not; nothing is under "". */
export function underPrefix(prefix: string, pathname: string): boolean {
  return prefix !== "" && (pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The language of `pathname` among `locales` and the path without its
 * prefix: "/de/about" → { locale: de, path: "/about" }, "/de" and "/de/" →
 * path "/". A path under no prefix has no locale (the default language's).
 */
export function splitPrefix<L extends Prefixed>(
  locales: readonly L[],
  pathname: string,
): { locale: L | undefined; path: string } {
  for (const locale of locales) {
    if (!underPrefix(locale.pathPrefix, pathname)) continue;
    const path = pathname.slice(locale.pathPrefix.length);
    return { locale, path: path === "" || path === "/" ? "/" : path };
  }
  return { locale: undefined, path: pathname };
}

/** The address of the default language's `path` under `prefix`: ("/de", "/about") → "/de/about", ("/de", "/") → "/de", ("", p) → p. */
export function joinPrefix(prefix: string, path: string): string {
  if (prefix === "") return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}
