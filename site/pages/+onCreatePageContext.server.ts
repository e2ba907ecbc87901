// Environment: server (build time, and the server's form re-render). What
// the head and the language switcher need to know about the page's other
// languages, from the one translation map (site/lib/translations.ts); passed
// to the browser, so client-side navigation keeps the switcher right.
import type { PageContextServer } from "vike/types";
import { defaultLocale } from "../lib/locale.ts";
import { alternates, switchTargets } from "../lib/translations.ts";

export function onCreatePageContext(pageContext: PageContextServer) {
  const locale = pageContext.locale ?? defaultLocale;
  // An error page has no address of its own: its switcher leads to the other languages' home pages.
  const path = pageContext.is404 ? "/" : pageContext.urlPathname;
  pageContext.locale = locale;
  pageContext.alternates = pageContext.is404 ? [] : alternates(path);
  pageContext.i18n = {
    switch: switchTargets(locale, path).map((t) => (pageContext.is404 ? { ...t, exact: true } : t)),
  };
}
