// Environment: server (build time, and the server's form re-render). What
// the head and the language switcher need to know about the page's other
// languages, from the one translation map (site/lib/language-alternates.ts). Only
// what the switcher cannot work out itself (where a missing translation's
// link leads instead) is passed to the browser.
import type { PageContextServer } from "vike/types";
import { content } from "../lib/content.ts";
import { alternates, switchTargets } from "../lib/language-alternates.ts";
import { defaultLocale, type Locale, localePath, locales } from "../lib/locale.ts";

/** The languages' notes that the page is not in them, each in its own language. */
const untranslated = (codes: Locale[]) =>
  Object.fromEntries(codes.map((code) => [code, content(code).site.ui.untranslated]));

export function onCreatePageContext(pageContext: PageContextServer) {
  const locale = pageContext.locale ?? defaultLocale;
  pageContext.locale = locale;
  if (pageContext.is404) {
    // An unknown address has no translation: the switcher leads to the other languages' home pages.
    pageContext.alternates = [];
    const others = locales.filter((l) => l.code !== locale).map((l) => l.code);
    pageContext.i18n = {
      missing: Object.fromEntries(others.map((code) => [code, localePath(code, "/")])),
      untranslated: untranslated(others),
    };
    return;
  }
  pageContext.alternates = alternates(pageContext.urlPathname);
  const missing = switchTargets(locale, pageContext.urlPathname).filter((target) => !target.exact);
  if (missing.length > 0)
    pageContext.i18n = {
      missing: Object.fromEntries(missing.map((t) => [t.locale, t.path])),
      untranslated: untranslated(missing.map((t) => t.locale)),
    };
}
