// @ts-check
// The build's page step, after `vike build` (which pre-renders nothing:
// prerender.disableAutoRun): every page in one pass, on every core.
//
//   node engine/pages.mjs [--force] [--verbose]
//
// --force: renders every page, reusing nothing from the cache (cache.mjs),
//          and draws every social card again.
//
// 1. One render thread per core (render-worker.mjs) loads the server build;
//    the first lists the URLs from Vike's page configs (page-list.mjs):
//    onBeforePrerenderStart hooks, static routes, the 404 pages.
// 2. Each thread takes URLs as it frees up: renderPage, final HTML, page
//    data, write; nothing stays in memory. A page whose cache key
//    (cache.mjs) is stored (page-store.mjs) is written from the store, not
//    rendered. No .br/.gz: that is precompress.mjs, a step of its own.
// 3. The page cache's index is written with the pages this build used, packs
//    no page uses are removed; a summary: pages rendered and reused, bytes,
//    time per step.
//
// Before 1: when dist/ was kept in place (bundle.mjs) and its record
// (record.mjs) was written with the same code and shared data, a page whose
// reads of the articles give what they gave is kept as it is, without
// running its hooks; the list of pages too. Only the other pages are
// rendered (no thread is started when there are none), files of pages that
// are gone are swept, and the record is written again.
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
import { Worker } from "node:worker_threads";
import { buildArgs, onCI } from "./args.mjs";
import { bundledWith, bundleKey } from "./bundle.mjs";
import { buildKey, cacheDir } from "./cache.mjs";
import { commitIndex, readIndex } from "./page-store.mjs";
import { createProgress, formatBytes, formatSeconds } from "./progress.mjs";
import { filesPresent, readRecord, replayer, sweep, writeRecord } from "./record.mjs";

/**
 * @import { Route } from "../site/lib/build-engine.ts"
 * @import { Batch, Heap, PageList, PageResult, RenderWorkerData, RenderWorkerMessage, Spent } from "./messages.ts"
 * @import { ListRecord, PageRecord } from "./record.mjs"
 */

// React and Vike pick their production code by this, as under `vike build`
// (which leaves a NODE_ENV it is given, and the server build follows it).
process.env.NODE_ENV ??= "production";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const clientDir = join(dist, "client");
const serverEntry = join(root, "dist/server/entry.mjs");
/** A render thread's heap grows no further than this (MiB); beyond it, the build fails. */
const MAX_HEAP_MB = 8192;

/**
 * The old generation a render thread starts with, in MiB. Left unbounded,
 * V8 lets a thread's heap grow to about twice what it holds (10,000
 * articles: 211 MiB reserved per thread; bounded at 160 MiB, 98 MiB for the
 * same pages, 5 % more thread time). A thread holds the code and each
 * language's article index (site/lib/article-index.ts), which takes about
 * 2.6 times its JSON's bytes (66 MiB for 25.6 MB at 50,000 articles): it
 * gets 128 MiB and four times those bytes. BUILD_THREAD_HEAP_MB sets it
 * (tests); a thread that runs out is replaced by one with twice the heap.
 */
function threadHeapMb() {
  const given = process.env.BUILD_THREAD_HEAP_MB;
  if (given !== undefined) {
    const mb = Number(given);
    if (!Number.isInteger(mb) || mb < 1 || mb > MAX_HEAP_MB)
      throw new Error(`BUILD_THREAD_HEAP_MB must be a whole number of MiB from 1 to ${MAX_HEAP_MB}, got "${given}"`);
    return mb;
  }
  const generated = join(root, "site/generated");
  const indexes = [join(generated, "articles.json")];
  for (const entry of readdirSync(generated, { withFileTypes: true }))
    if (entry.isDirectory()) indexes.push(join(generated, entry.name, "articles.json"));
  const bytes = indexes.reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
  return Math.min(MAX_HEAP_MB, Math.ceil(128 + (4 * bytes) / 2 ** 20));
}

/** URLs handed to a render thread at once: few enough to balance the threads, enough to keep messages rare. */
const BATCH = 8;

const { verbose, force } = buildArgs("build", {
  force: "render every page and draw every card again",
  verbose: "list every file written",
});
// Cold means the social cards too: drawn again, not taken from their cache (site/cards/card-store.ts);
// the render threads get this process's environment.
if (force) process.env.CARDS_FORCE = "1";
if (!existsSync(serverEntry)) {
  console.error(
    "build: dist/server/entry.mjs is missing: run `node engine/bundle.mjs` first (npm run build does both)",
  );
  process.exit(1);
}

const tty = process.stdout.isTTY === true && !onCI();
const progress = createProgress({ tty, verbose });
/** @type {{ name: string, ms: number }[]} */
const steps = [];
/**
 * @template T
 * @param {string} name @param {() => T | Promise<T>} work @returns {Promise<T>}
 */
async function timed(name, work) {
  const started = performance.now();
  const result = await work();
  steps.push({ name, ms: performance.now() - started });
  return result;
}

/**
 * Every page id but the error page's has at least one URL, or Vike could not list it.
 * @param {Route[]} routes @param {string[]} pageIds
 */
function checkEveryPageListed(routes, pageIds) {
  const listed = new Set(routes.map((route) => route.pageId));
  const missing = pageIds.filter((id) => !listed.has(id) && !id.endsWith("/_error"));
  if (missing.length > 0) {
    throw new Error(
      `no URL to pre-render for ${missing.join(", ")}: a page with a parameterized route or a route function needs an onBeforePrerenderStart hook (https://vike.dev/onBeforePrerenderStart) returning its URLs`,
    );
  }
}

/**
 * Starts `threads` render threads at once, each with a heap of `heapMb` MiB
 * for its old generation (threadHeapMb). With `known` routes, they render
 * those; else the first lists the pages (`onList` gets them and returns the
 * routes to render). Every thread renders routes as it frees up. Calls
 * `onPage` per page written, `onSpent` with a thread's time per part and
 * its heap after each batch. A thread that runs out of heap is replaced by
 * one with twice the heap, which renders its batch again (a page's files are
 * replaced whole, its cache entry stored whole or not at all); `onGrow`
 * hears of it.
 * @param {number} threads
 * @param {number} heapMb
 * @param {Omit<RenderWorkerData, "lists">} workerData
 * @param {Route[] | null} known
 * @param {(list: PageList) => Route[]} onList
 * @param {(page: PageResult) => void} onPage
 * @param {(spent: Spent, heap: Heap, thread: number) => void} onSpent
 * @param {(fromMb: number, toMb: number) => void} onGrow
 * @returns {Promise<number>}
 */
function renderAll(threads, heapMb, workerData, known, onList, onPage, onSpent, onGrow) {
  let next = 0;
  let routes = known ?? [];
  let isListed = known !== null;
  /** Batches a thread took and did not finish (it ran out of heap): handed out again first. */
  /** @type {Batch[]} */
  const again = [];
  /** @type {Set<Worker>} */
  const workers = new Set();
  /** @type {() => void} */
  let announce = () => {};
  /** @type {Promise<void>} */
  const listed = new Promise((resolve) => {
    announce = () => resolve();
  });
  if (known) announce();
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    /** @param {unknown} error */
    const fail = (error) => {
      failed = true;
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    /**
     * @param {number} thread its number, for the summary's heaps
     * @param {number} limitMb its old generation's size
     * @param {boolean} lists whether it lists the pages first
     */
    const start = (thread, limitMb, lists) => {
      /** @type {RenderWorkerData} */
      const data = { ...workerData, lists };
      const worker = new Worker(new URL("./render-worker.mjs", import.meta.url), {
        workerData: data,
        resourceLimits: { maxOldGenerationSizeMb: limitMb },
      });
      workers.add(worker);
      running++;
      /** @type {Batch | null} What it is rendering. */
      let batch = null;
      /** To a render thread (render-worker.mjs), which takes what messages.ts says. */
      const feed = () => {
        batch = again.pop() ?? null;
        if (batch === null && next < routes.length) {
          batch = routes.slice(next, next + BATCH);
          next += BATCH;
        }
        if (batch === null) void worker.terminate();
        else worker.postMessage(batch);
      };
      worker.on("message", (/** @type {RenderWorkerMessage} */ message) => {
        if ("error" in message) return fail(new Error(message.error));
        if ("results" in message) {
          for (const page of message.results) onPage(page);
          onSpent(message.spent, message.heap, thread);
        } else if (message.list) {
          try {
            routes = onList(message.list);
          } catch (error) {
            return fail(error);
          }
          isListed = true;
          announce();
        }
        if ("ready" in message) void listed.then(feed);
        else feed();
      });
      worker.once("error", (error) => {
        if (failed) return;
        if (/** @type {{ code?: string }} */ (error).code !== "ERR_WORKER_OUT_OF_MEMORY") return fail(error);
        if (limitMb >= MAX_HEAP_MB)
          return fail(new Error(`a render thread ran out of memory with a heap of ${limitMb} MiB`));
        if (batch !== null) again.push(batch);
        batch = null;
        onGrow(limitMb, limitMb * 2);
        start(thread, limitMb * 2, lists && !isListed);
      });
      worker.once("exit", () => {
        workers.delete(worker);
        running--;
        if (running === 0 && !failed) {
          if (next >= routes.length && again.length === 0) resolve(routes.length);
          else reject(new Error("a render thread ended before every page was rendered"));
        }
      });
    };
    for (let i = 0; i < threads; i++) start(i, heapMb, i === 0 && !known);
  });
}

async function main() {
  const started = performance.now();
  // The bundle in dist/ says what it was built from (the bundle step, just before); else its sources are hashed.
  const keys = { bundleKey: bundledWith(dist) ?? bundleKey(root), buildKey: buildKey(root, clientDir) };
  // This build's packs are named by its start (base 36) and, in each thread, the process and thread.
  const cache = { dir: join(cacheDir(root), "pages"), build: keys.buildKey, force, run: Date.now().toString(36) };
  mkdirSync(cache.dir, { recursive: true });
  // What dist/ holds (the bundle step kept it, or replaced it and removed the record), and
  // whether its pages can be kept: built with this very code and shared data.
  const last = readRecord(dist, { bundleKey: keys.bundleKey });
  const usable = !force && last?.buildKey === keys.buildKey ? last : null;
  const replay = await replayer(dist);
  const lastPages = new Map((usable?.pages ?? []).map((page) => [page.route.url, page]));
  /** @type {PageRecord[]} The pages kept in place: their reads of the articles give what they gave. */
  const kept = [];
  /** @param {Route[]} routes */
  const keepUnchanged = (routes) =>
    routes.filter((route) => {
      const page = lastPages.get(route.url);
      const same =
        page !== undefined &&
        page.route.pageId === route.pageId &&
        page.route.is404 === route.is404 &&
        replay.unchanged(page.reads) &&
        filesPresent(clientDir, page.files);
      if (same) kept.push(page);
      return !same;
    });
  // The page list is kept too when what listing it read is unchanged: no render thread needed to list.
  const listKept = usable !== null && replay.unchanged(usable.list.reads);
  /** @type {ListRecord | null} */
  let list = listKept ? usable.list : null;
  const known = listKept ? keepUnchanged(usable.list.routes) : null;
  // No more threads than batches to render: none when every page is kept.
  const threads = Math.min(availableParallelism(), known ? Math.ceil(known.length / BATCH) : Infinity);
  let rendered = 0;
  let reused = 0;
  let bytes = 0;
  let copied = 0;
  let uncached = 0;
  let byReference = 0;
  /** @type {PageRecord[]} This build's pages, as the record keeps them. */
  const pages = [];
  /** Thread time per part of the page step (render-worker.mjs), summed over the threads. */
  const spent = { "Vike and React": 0, cards: 0, "final HTML": 0, write: 0 };
  /** @type {Map<string, import("./messages.ts").StoredPage>} Where each page of this build is in the page cache. */
  const stored = new Map();
  const heapMb = threadHeapMb();
  /** The largest heap a thread was given after one ran out, or 0. */
  let grown = 0;
  /** The most seen after a batch: this process's resident memory, each thread's heap (the driver's first). */
  const memory = { rss: process.memoryUsage.rss(), heaps: [getHeapStatistics().total_heap_size] };
  let renderStarted = performance.now();
  if (known) {
    steps.push({ name: "check the record", ms: renderStarted - started });
    progress.start(known.length, threads);
  }
  await (known?.length === 0
    ? 0
    : renderAll(
        threads,
        heapMb,
        { serverEntry, clientDir, cache },
        known,
        ({ routes, pageIds, reads }) => {
          checkEveryPageListed(routes, pageIds);
          list = { routes, reads: replay.withDigests(reads) };
          renderStarted = performance.now();
          steps.push({ name: "load the server build, list pages", ms: renderStarted - started });
          const toRender = keepUnchanged(routes);
          progress.start(toRender.length, threads);
          return toRender;
        },
        (page) => {
          if (page.key && page.stored) stored.set(page.key, page.stored);
          if (page.reused) {
            reused++;
            copied += page.bytes;
          } else {
            rendered++;
            bytes += page.bytes;
          }
          pages.push({
            route: page.route,
            key: page.key,
            files: page.card ? [...page.files, page.card] : page.files,
            reads: replay.withDigests(page.reads),
          });
          if (!page.reused && page.uncached) {
            // Said once, with the first page and its reason: every page it applies to renders each build.
            if (uncached === 0)
              progress.log(
                `build: ${page.route.url} cannot use the page cache, it is rendered again on every build: ${page.uncached}, which a cache key cannot hold (a field Vike added? list it in VIKE_FIELDS, engine/cache.mjs)`,
              );
            uncached++;
          }
          if (!page.reused && page.byReference) {
            // Said once, with the first page: the same markup is usually on every page of a template.
            if (byReference === 0)
              progress.log(
                `build: ${page.route.url}'s final HTML was written by the reference parser, several times slower: engine/html-form.mjs does not follow its markup (BUILD_HTML_CHECK=1 names it)`,
              );
            byReference++;
          }
          progress.page(page);
        },
        (part, heap, thread) => {
          memory.rss = Math.max(memory.rss, process.memoryUsage.rss());
          memory.heaps[0] = Math.max(memory.heaps[0] ?? 0, getHeapStatistics().total_heap_size);
          memory.heaps[thread + 1] = Math.max(memory.heaps[thread + 1] ?? 0, heap.total);
          spent["Vike and React"] += part.render;
          spent.cards += part.cards;
          spent["final HTML"] += part.finish;
          spent.write += part.write;
        },
        (fromMb, toMb) => {
          grown = toMb;
          progress.log(
            `build: a render thread ran out of its ${fromMb} MiB heap; a thread with ${toMb} MiB renders its pages again`,
          );
        },
      ));
  steps.push({ name: `render, finish, write (${threads} threads)`, ms: performance.now() - renderStarted });
  progress.end();
  pages.push(...kept);
  pages.sort((a, b) => (a.route.url < b.route.url ? -1 : a.route.url > b.route.url ? 1 : 0));
  const files = new Set(pages.flatMap((page) => page.files));
  const listed = list;
  if (listed === null) throw new Error("bug: the pages were rendered without a page list");
  const swept = await timed("sweep, record", () => {
    const count = sweep(clientDir, last?.pages.flatMap((page) => page.files) ?? [], files);
    // Every page kept, none gone: the record on disk is this build's already (7 MB at 10,000 articles, not written again).
    const same = usable !== null && listKept && known?.length === 0 && kept.length === usable.pages.length;
    if (!same) writeRecord(dist, { ...keys, list: listed, pages });
    return count;
  });
  // Pages kept in place keep their entries; a page rendered or reused has its own now.
  const index = readIndex(cache.dir);
  for (const { key } of kept) {
    const entry = key === null ? undefined : index.get(key);
    if (key !== null && entry && !stored.has(key)) stored.set(key, entry);
  }
  const { removed, compacted } = await timed("page cache index", () => commitIndex(cache.dir, stored));

  const total = (performance.now() - started) / 1000;
  console.log(
    `pages: ${rendered} rendered, ${reused} reused from the cache${force ? " (--force)" : ""}, ${kept.length} kept in place (what they read unchanged) · ${formatBytes(bytes)} written, ${formatBytes(copied)} from the page cache (HTML, page data) · ${swept} files of gone pages swept · ${removed} page cache packs removed, ${compacted} compacted${uncached > 0 ? ` · ${uncached} pages without a cache key (see above)` : ""}${byReference > 0 ? ` · ${byReference} pages written by the reference parser (see above)` : ""}`,
  );
  console.log(steps.map((step) => `${step.name} ${formatSeconds(step.ms / 1000)}`).join(" · "));
  const parts = Object.entries(spent).map(([part, ms]) => `${part} ${formatSeconds(ms / 1000)}`);
  console.log(`page step, thread time summed over ${threads} threads: ${parts.join(" · ")}`);
  const [driver, ...threadHeaps] = Array.from(memory.heaps, (bytes) => formatBytes(bytes ?? 0));
  console.log(
    `memory, the most seen after a batch: resident ${formatBytes(memory.rss)} · JavaScript heaps: driver ${driver}${threadHeaps.length > 0 ? `, render threads ${threadHeaps.join(" and ")} (old generation bounded at ${grown || heapMb} MiB${grown ? `, grown from ${heapMb}` : ""})` : ""}`,
  );
  console.log(`built ${pages.length} pages in ${formatSeconds(total)} (${Math.round(pages.length / total)} pages/s)`);
}

try {
  await main();
} catch (error) {
  progress.end();
  console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
