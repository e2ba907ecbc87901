// Environment: server and browser. The language is the URL's prefix
// (/de/about); the pages are routed by the rest (/about), so one page
// component serves every language (https://vike.dev/i18n).
import type { PageContext } from "vike/types";
import { splitLocale } from "../lib/locale.ts";

export function onBeforeRoute(pageContext: PageContext) {
  const { pathname, searchOriginal } = pageContext.urlParsed;
  const { locale, path } = splitLocale(pathname);
  return { pageContext: { locale, urlLogical: `${path}${searchOriginal ?? ""}` } };
}
