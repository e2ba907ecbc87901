// Types only (no code runs from here): what the build driver (pages.mjs) and
// its render threads (render-worker.mjs) say to each other, defined once for
// both; each side imports them in JSDoc (`@import`) and sends through a
// function typed with them, so `npm run typecheck` (tsc -p engine)
// fails when one side changes a message and the other does not follow.
import type { Route } from "../site/lib/build-engine.ts";

/** The page cache a thread reads and fills (cache.mjs, page-store.mjs): its folder, the build key, --force, and a name for this build's packs. */
export type PageCache = { dir: string; build: string; force: boolean; run: string };

/** Where a stored page's bytes are (page-store.mjs): pack, offset, the HTML's length, the page data's (-1: none). */
export type StoredPage = [pack: string, offset: number, html: number, json: number];

/** A render thread's workerData; `lists`: the thread that lists the pages (the first, unless the list was kept). */
export type RenderWorkerData = { serverEntry: string; clientDir: string; cache: PageCache; lists: boolean };

/**
 * A thread's time per part of the page step since its last batch, in ms:
 * Vike's hooks and React, the social cards, the final HTML, files and cache.
 */
export type Spent = { render: number; cards: number; finish: number; write: number };

/** The page list, from the first thread: the routes, every page id, and what listing them read of the articles. */
export type PageList = { routes: Route[]; pageIds: string[]; reads: string[] };

/** A page the thread wrote; its files are relative to dist/client, `card` its card's file, `reads` what it read (sorted). */
export type PageResult = {
  route: Route;
  files: string[];
  card: string | null;
  reads: string[];
  bytes: number;
  ms: number;
} & (
  | { reused: true; key: string; stored: StoredPage }
  | {
      reused: false;
      key: string | null;
      /** Where the page went in the page cache; null when it has no key. */
      stored: StoredPage | null;
      /** Why the page has no cache key (cache.mjs pageKey), or null. */
      uncached: string | null;
      /** Its final HTML was written by the reference parser: html-form.mjs did not follow the markup (page-html.mjs). */
      byReference: boolean;
    }
);

/** A thread's JavaScript heap after a batch, in bytes (v8.getHeapStatistics): in use, and reserved. */
export type Heap = { used: number; total: number };

/** Driver → thread: the next URLs to render. */
export type Batch = Route[];

/** Thread → driver: loaded (and the list, from the listing thread), a batch's pages, or what failed. */
export type RenderWorkerMessage =
  | { ready: true; list: PageList | undefined }
  | { results: PageResult[]; spent: Spent; heap: Heap }
  | { error: string };
