// Environment: server (build time). The hand-off between the URL list and
// the build driver (engine/page-list.mjs).
//
// The build driver lists every URL to pre-render as Vike's prerender() does
// (each page's static route, what the pages' onBeforePrerenderStart hooks
// return, the 404 page) and calls this hook with them, as Vike would before
// it renders anything, with prerenderContext.buildEngine beside them
// (site/lib/build-engine.ts). Then the hook gives the driver the URLs and
// returns an empty list; the driver renders each page itself, once, on every
// core (renderPage from vike/server). Without the driver (`vike prerender`), the
// hook only adds the languages' 404 pages and Vike renders as usual.
//
// Languages: each page's +onBeforePrerenderStart lists it in every language
// that has it (site/lib/prerender.ts); the error page, which has no route,
// is added here once per language: /404 → 404.html, /de/404 → de/404.html
// (what the server and static hosts send for an unknown address under /de/).
import type { PageContextServer } from "vike/types";
import type { BuildPrerenderContext, ListedPage, Route } from "../lib/build-engine.ts";
import { defaultLocale, localePath, locales } from "../lib/locale.ts";

const otherLocales = locales.filter((locale) => locale.code !== defaultLocale);

export function onPrerenderStart(prerenderContext: { pageContexts: PageContextServer[] } | BuildPrerenderContext) {
  // buildEngine: passed by engine/page-list.mjs (site/lib/build-engine.ts), with ListedPage objects only.
  if (!("buildEngine" in prerenderContext))
    return { prerenderContext: { pageContexts: withLocale404s(prerenderContext.pageContexts) } };
  prerenderContext.buildEngine.routes(routesOf(prerenderContext.pageContexts));
  return { prerenderContext: { pageContexts: [] } };
}

/** What the driver receives: a route per URL, the 404 page once per language. */
function routesOf(pageContexts: ListedPage[]): Route[] {
  return pageContexts.flatMap((pageContext) => {
    const route = { url: pageContext.urlOriginal, pageId: pageContext.pageId, is404: pageContext.is404 === true };
    if (!route.is404) return [route];
    return [route, ...otherLocales.map(({ code }) => ({ ...route, url: localePath(code, "/404") }))];
  });
}

/** Vike's own pre-rendering: a copy of the 404 page context per other language (https://vike.dev/i18n#pre-rendering). */
function withLocale404s(pageContexts: PageContextServer[]): PageContextServer[] {
  return pageContexts.flatMap((pageContext) => {
    const copy = { ...pageContext };
    if (!pageContext.is404) return [copy];
    return [
      copy,
      ...otherLocales.map(
        ({ code }) => ({ ...pageContext, urlOriginal: localePath(code, "/404"), locale: code }) as PageContextServer,
      ),
    ];
  });
}
