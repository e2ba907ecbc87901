// Environment: server (build time, and the server's form re-render). What
// the head and the language switcher need to know about the page's other
// languages, from the one translation map (site/lib/language-alternates.ts). Only
// what the switcher cannot work out itself (where a missing translation's
// link leads instead) is passed to the browser.
import type { PageContextServer } from "vike/types";
import { alternates, switchTargets } from "../lib/language-alternates.ts";
import { defaultLocale, localePath, locales } from "../lib/locale.ts";

export function onCreatePageContext(pageContext: PageContextServer) {
  const locale = pageContext.locale ?? defaultLocale;
  pageContext.locale = locale;
  if (pageContext.is404) {
    // An unknown address has no translation: the switcher leads to the other languages' home pages.
    pageContext.alternates = [];
    const missing = locales.filter((l) => l.code !== locale).map((l) => [l.code, localePath(l.code, "/")]);
    pageContext.i18n = { missing: Object.fromEntries(missing) };
    return;
  }
  pageContext.alternates = alternates(pageContext.urlPathname);
  const missing = switchTargets(locale, pageContext.urlPathname).filter((target) => !target.exact);
  if (missing.length > 0) pageContext.i18n = { missing: Object.fromEntries(missing.map((t) => [t.locale, t.path])) };
}
