// Environment: build. Vike pre-renders one 404.html from the error page;
// every other language gets its own, /<code>/404.html (what the server and
// static hosts send for an unknown address under /<code>/, see README).
// The pages themselves come from each page's +onBeforePrerenderStart.
import type { PrerenderContext } from "vike/types";
import { defaultLocale, localePath, locales } from "../lib/locale.ts";

export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const pageContexts: PrerenderContext["pageContexts"] = [];
  // Copies, as https://vike.dev/i18n#pre-rendering does: Vike restores each copy's URL getters.
  for (const pageContext of prerenderContext.pageContexts) {
    pageContexts.push({ ...pageContext });
    if (!pageContext.is404) continue;
    for (const { code } of locales) {
      if (code === defaultLocale) continue;
      pageContexts.push({ ...pageContext, urlOriginal: localePath(code, "/404"), locale: code } as typeof pageContext);
    }
  }
  return { prerenderContext: { pageContexts } };
}
