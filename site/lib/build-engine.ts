// Environment: server (build time). What the page hooks and the build engine
// (engine/, plain JavaScript checked by `tsc -p engine`) hand each other,
// typed once for both sides as fields of Vike's own contexts, not as globals:
//
// - pageContext.buildEngine: the render thread (engine/render-worker.mjs)
//   passes it to renderPage with the URL, so every hook of that render sees
//   it; site/pages/+onRenderHtml.ts asks it whether the page's stored files
//   are reused.
// - prerenderContext.buildEngine: the page list (engine/page-list.mjs) calls
//   site/pages/+onPrerenderStart.ts with it, and the hook hands the URLs over.
// - globalContext.logReads: the site's own log of what a page read of the
//   articles (site/lib/build-reads.ts), put there by
//   site/pages/+onCreateGlobalContext.server.ts. The reads happen deep in the
//   content queries, where no pageContext is, so they are logged by an
//   AsyncLocalStorage scope; the engine opens it around each render through
//   this field because the log must be the server bundle's own instance (a
//   copy imported by the engine would be another log).
//
// Outside the engine (dev, the production server, `vike prerender`) the
// pageContext and prerenderContext fields are absent, and the hooks do their
// plain Vike work. The engine imports these types (`@import` in JSDoc), so a
// change on one side that the other does not follow fails `npm run typecheck`.
import type { PageContextServer } from "vike/types";
import type { CardFile } from "../cards/card-store.ts";

/** A URL to pre-render: what the page list hands over and the render threads render. */
export type Route = { url: string; pageId: string | null; is404: boolean };

/**
 * What the engine passes to the global onPrerenderStart hook in place of
 * Vike's page contexts (engine/page-list.mjs): with buildEngine there, the
 * hook reads these fields only.
 */
export type ListedPage = Pick<PageContextServer, "urlOriginal" | "pageId" | "is404">;

/** pageContext.buildEngine: the render thread's side of one render. */
export interface BuildEngine {
  /**
   * Asked by site/pages/+onRenderHtml.ts once the page's hooks have run:
   * computes the page's cache key and says whether its stored files are used
   * instead of rendering (of the card, site/cards/page-card.ts, it reads the
   * file: one of the page's files).
   */
  reuse(pageContext: PageContextServer & { card?: { file: CardFile } }): boolean;
  /** Adds the time the page's card took to the thread's summary. */
  spent(part: "cards", ms: number): void;
}

/** The prerenderContext the engine passes to site/pages/+onPrerenderStart.ts. */
export interface BuildPrerenderContext {
  pageContexts: ListedPage[];
  buildEngine: {
    /** Takes the URLs to render: the listed ones and the languages' 404 pages. */
    routes(routes: Route[]): void;
  };
}

/** Runs `work` while logging the reads of the articles it makes (a Read as JSON each, sorted). */
export type LogReads = <T>(work: () => Promise<T>) => Promise<{ value: T; reads: string[] }>;

declare global {
  namespace Vike {
    interface PageContextServer {
      /** Only while the build engine renders; not an input of the page (engine/cache.mjs leaves it out of the key). */
      buildEngine?: BuildEngine;
    }
    interface GlobalContext {
      /** Server only: site/lib/build-reads.ts's log, for the engine (site/pages/+onCreateGlobalContext.server.ts). */
      logReads?: LogReads;
    }
  }
}
