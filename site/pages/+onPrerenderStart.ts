// Environment: server (build time). The hand-off between Vike's URL list and
// the build driver (scripts/build/routes.mjs).
//
// Vike computes every URL to pre-render (each page's static route, what the
// pages' onBeforePrerenderStart hooks return, the 404 page) and calls this
// hook with them before it renders anything. When the build driver asked for
// the list, the hook gives it the URLs and returns an empty list, so Vike
// renders nothing and the driver renders each page itself, once, on every
// core (renderPage from vike/server). Without the driver (`vike prerender`),
// the hook changes nothing and Vike renders as usual.
import type { PageContextServer } from "vike/types";

/** What the driver receives per URL; the same key is in scripts/build/routes.mjs. */
export type PrerenderRoute = { url: string; pageId: string | null; is404: boolean };
const SINK = Symbol.for("growth-partners.build.routes");

export function onPrerenderStart(prerenderContext: { pageContexts: PageContextServer[] }) {
  const sink = (globalThis as Record<symbol, unknown>)[SINK];
  if (typeof sink !== "function") return undefined;
  const routes: PrerenderRoute[] = prerenderContext.pageContexts.map((pageContext) => ({
    url: pageContext.urlOriginal,
    pageId: pageContext.pageId,
    is404: pageContext.is404 === true,
  }));
  sink(routes);
  return { prerenderContext: { pageContexts: [] } };
}
