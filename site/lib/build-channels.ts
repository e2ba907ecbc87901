// Environment: server (build time). The three channels between the page hooks
// and the build engine (engine/, plain JavaScript checked by `tsc -p
// engine`), typed once for both sides: the engine opens a channel by
// putting its listener on globalThis under Symbol.for(name); a hook finds it
// there (buildChannel) only while the engine renders, and does its plain Vike
// work without it (dev, the production server, `vike prerender`). The engine
// imports these types (`@import` in JSDoc), so a change on one side that the
// other does not follow fails `npm run typecheck`.
import type { PageContextServer } from "vike/types";
import type { CardFile } from "../cards/card-store.ts";

/** A URL to pre-render: what the page list hands over and the render threads render. */
export type Route = { url: string; pageId: string | null; is404: boolean };

/**
 * What the engine passes to the global onPrerenderStart hook in place of
 * Vike's page contexts (engine/page-list.mjs): with the routes
 * channel open, the hook reads these fields only.
 */
export type ListedPage = Pick<PageContextServer, "urlOriginal" | "pageId" | "is404">;

export type BuildChannels = {
  /**
   * Opened by the render thread (engine/render-worker.mjs), asked by
   * site/pages/+onRenderHtml.ts once a page's hooks have run: `reuse` computes
   * the page's cache key and says whether its stored files are used instead
   * of rendering (of the card, site/cards/page-card.ts, it reads the file:
   * one of the page's files); `spent` adds the time the page's card took to
   * the thread's summary.
   */
  "growth-partners.build.cache": {
    reuse(pageContext: PageContextServer & { card?: { file: CardFile } }): boolean;
    spent(part: "cards", ms: number): void;
  };
  /** Opened by engine/page-list.mjs, handed the list by site/pages/+onPrerenderStart.ts. */
  "growth-partners.build.routes": (routes: Route[]) => void;
  /** Opened by the render thread, told each read of the articles (a Read as JSON) by site/lib/build-reads.ts. */
  "growth-partners.build.reads": (read: string) => void;
};

export type BuildChannelName = keyof BuildChannels;

/** The engine's listener on the channel `name`, or undefined outside the build's render threads. */
export function buildChannel<Name extends BuildChannelName>(name: Name): BuildChannels[Name] | undefined {
  return (globalThis as Record<symbol, BuildChannels[Name] | undefined>)[Symbol.for(name)];
}
