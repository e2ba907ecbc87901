// @ts-check
// One render thread of the build (engine/pages.mjs starts one per core).
// The first one also lists the URLs (page-list.mjs) once the server build is
// loaded. For each URL it is given: renderPage from vike/server (Vike's routing, data
// hooks and vike-react's render, as a request in production would run them),
// the final HTML (page-html.mjs) and the page data, written to dist/client
// and appended to the page cache (cache.mjs, page-store.mjs); then the next
// URL. When +onRenderHtml.ts finds the page's key in the cache, React does
// not render and the stored bytes are written instead. Nothing of a page is
// kept once it is written. No .br/.gz here: that is a step of its own
// (precompress.mjs, `npm run build -- --precompress`).
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { pageKey } from "./cache.mjs";
import { TWINS } from "./compress.mjs";
import { finalHtml } from "./page-html.mjs";
import { PageListError, pageList } from "./page-list.mjs";
import { pageStore } from "./page-store.mjs";
import { htmlFile, jsonFile } from "./paths.mjs";
import { journal } from "./precompress-journal.mjs";

/**
 * @import { BuildEngine, LogReads, Route } from "../site/lib/build-engine.ts"
 * @import { Batch, PageList, PageResult, RenderWorkerData, RenderWorkerMessage, Spent } from "./messages.ts"
 */

const { serverEntry, clientDir, cache, lists } = /** @type {RenderWorkerData} */ (workerData);
const store = pageStore(cache.dir, cache.run);
/** The files this thread writes, for the next precompress to look at (precompress-journal.mjs). */
const written = journal(dirname(clientDir), "pages");

/**
 * The page being rendered: its cache key (or why it has none), its stored bytes when they are reused, its card's file.
 * @type {{ key: string | null, uncached: string | null, stored: ReturnType<typeof store.find>, card: string | null }}
 */
let current = { key: null, uncached: null, stored: null, card: null };
/**
 * This thread's time per part of the page step since the last batch, in ms,
 * summed by the driver for the build's summary: Vike's hooks and React
 * ("render"), the social cards ("cards", measured in +onRenderHtml.ts),
 * the final HTML ("finish"), files and cache ("write").
 * @type {Spent}
 */
let spent = { render: 0, cards: 0, finish: 0, write: 0 };
/**
 * pageContext.buildEngine of every render (site/lib/build-engine.ts): asked by
 * site/pages/+onRenderHtml.ts once the page's hooks have run.
 * @type {BuildEngine}
 */
const buildEngine = {
  reuse(pageContext) {
    const { key, reason } = pageKey(cache.build, pageContext);
    current.key = key;
    current.uncached = reason;
    current.stored = cache.force || current.key === null ? null : store.find(current.key);
    // The card is a file of the page's too (drawn or linked by +onRenderHtml.ts), swept when no page has it.
    current.card = pageContext.card?.file.path.replace(/^\//, "") ?? null;
    return current.stored !== null;
  },
  spent(part, ms) {
    spent[part] += ms;
  },
};
// The server build registers its pages with Vike's runtime when imported.
await import(pathToFileURL(serverEntry).href);
const { renderPage, getGlobalContextAsync } = await import("vike/server");
/**
 * What the page being rendered (or the page list) read of the articles
 * (site/lib/build-reads.ts; record.mjs): the server bundle's own log, which
 * site/pages/+onCreateGlobalContext.server.ts puts on the global context; set
 * before the thread says it is ready.
 * @type {LogReads}
 */
let logReads;

/**
 * renderPage's body for `url`, or a located error naming the URL; `pageId`: the page that listed it, checked.
 * @param {string} url @param {number} expectedStatus @param {string | null} [pageId]
 * @returns {Promise<string>}
 */
async function rendered(url, expectedStatus, pageId = null) {
  const pageContext = await renderPage({ urlOriginal: url, buildEngine });
  const response = pageContext.httpResponse;
  if (pageContext.errorWhileRendering) {
    const error = pageContext.errorWhileRendering;
    throw new Error(`${url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  if (!response) throw new Error(`${url}: Vike rendered no response`);
  if (response.statusCode !== expectedStatus) {
    throw new Error(`${url}: answered ${response.statusCode}, expected ${expectedStatus}`);
  }
  if (pageId !== null && pageContext.pageId !== pageId) {
    throw new Error(`${url}: listed by the page ${pageId}, but Vike routes it to ${pageContext.pageId}`);
  }
  return response.body;
}

const PAGE_DATA = /<script id="vike_pageContext" type="application\/json"[^>]*>([^<]*)<\/script>/;

/**
 * The page's data for client-side navigation (index.pageContext.json), taken
 * from the HTML Vike just rendered instead of rendering the page a second
 * time: Vike embeds the same serialization there (@brillout/json-serializer
 * with escapeScripts), with every "/" escaped as "\/" (escapeURLs), which is
 * undone here; JSON never escapes "/" itself, so that is exact. With
 * BUILD_VERIFY_PAGE_DATA=1 it is compared with renderPage's answer for the
 * .pageContext.json URL (tests/build/exotic-build.test.ts).
 * @param {string} html @param {string} url
 */
async function pageData(html, url) {
  const embedded = PAGE_DATA.exec(html)?.[1];
  const json = embedded === undefined ? await rendered(jsonFile(url), 200) : embedded.replaceAll("\\/", "/");
  if (process.env.BUILD_VERIFY_PAGE_DATA === "1") {
    const answered = await rendered(jsonFile(url), 200);
    if (answered !== json) throw new Error(`${url}: the page data in the HTML differs from Vike's .pageContext.json`);
  }
  return json;
}

/**
 * Unlinks `path` unless `fresh` (its folder was just made, so it holds
 * nothing); a file that is not there is fine. Not rmSync: Node 20's walks
 * the path in JavaScript (an lstat, and a thrown error where nothing is
 * there) for every file, which was most of the page step's "write" time.
 * @param {string} path @param {boolean} fresh
 */
function unlinkOld(path, fresh) {
  if (fresh) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
}

/**
 * The bytes at `path`, or null where there is no file.
 * @param {string} path @returns {Buffer | null}
 */
function readOld(path) {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/**
 * Writes `bytes` at `path` (relative to dist/client), as a new file: a file
 * there is unlinked, never overwritten in place, and its .br/.gz twins with
 * it (precompress.mjs made them from the old bytes). A file that already says
 * the same is left as it is, twins and time included: a page rendered again
 * to the same bytes costs no write and no compression.
 * Answers whether it wrote.
 * @param {string} path @param {Buffer} bytes @param {boolean} fresh `path`'s folder was just made
 * @returns {boolean}
 */
function replace(path, bytes, fresh) {
  if (!fresh) {
    if (readOld(path)?.equals(bytes)) return false;
    unlinkOld(path, false);
    for (const twin of TWINS) unlinkOld(`${path}${twin}`, false);
  }
  writeFileSync(path, bytes);
  return true;
}

/**
 * Makes the folder `dir` of dist/client; whether it was made now (then it is empty: no page shares a page's folder).
 * @param {string} dir
 */
function pageFolder(dir) {
  return mkdirSync(join(clientDir, dir), { recursive: true }) !== undefined;
}

/**
 * Renders (or takes from the page cache), finishes and writes one page: its HTML and, but for the 404 page, its page data.
 * @param {Route} route @returns {Promise<PageResult>}
 */
async function build({ url, pageId, is404 }) {
  const started = performance.now();
  current = { key: null, uncached: null, stored: null, card: null };
  const cardsBefore = spent.cards;
  const { value: body, reads: read } = await logReads(() => rendered(url, is404 ? 404 : 200, is404 ? null : pageId));
  const renderedAt = performance.now();
  spent.render += renderedAt - started - (spent.cards - cardsBefore);
  const { key, stored, uncached, card } = current;
  const route = { url, pageId, is404 };
  const htmlPath = htmlFile(url, is404);
  /** @type {[file: string, bytes: Buffer][]} */
  const outputs = [];
  /** @type {boolean} */
  let byReference = false;
  if (stored) {
    outputs.push([htmlPath, stored.html]);
    if (stored.json) outputs.push([jsonFile(url).slice(1), stored.json]);
  } else {
    const finished = finalHtml(body, url);
    byReference = finished.byReference;
    spent.finish += performance.now() - renderedAt;
    outputs.push([htmlPath, Buffer.from(finished.page)]);
    if (!is404) outputs.push([jsonFile(url).slice(1), Buffer.from(await pageData(body, url))]);
  }
  const writing = performance.now();
  // A page's files share one folder (about/index.html, about/index.pageContext.json, ...).
  const fresh = pageFolder(dirname(htmlPath));
  for (const [file, bytes] of outputs) if (replace(join(clientDir, file), bytes, fresh)) written.note(file);
  const [html, json] = outputs;
  const where = stored ? stored.stored : key && html ? store.add(html[1], json?.[1] ?? null) : null;
  spent.write += performance.now() - writing;
  const files = outputs.map(([file]) => file);
  const bytes = outputs.reduce((total, [, content]) => total + content.length, 0);
  const common = { route, files, card, reads: read, bytes, ms: performance.now() - started };
  if (stored && key) return { ...common, key, stored: stored.stored, reused: true };
  return { ...common, key, stored: where, uncached, byReference, reused: false };
}

/**
 * To the driver (pages.mjs), which takes what messages.ts says.
 * @param {RenderWorkerMessage} message
 */
const tell = (message) => parentPort?.postMessage(message);

parentPort?.on("message", async (/** @type {Batch} */ routes) => {
  try {
    const results = [];
    for (const route of routes) results.push(await build(route));
    const { used_heap_size: used, total_heap_size: total } = getHeapStatistics();
    tell({ results, spent, heap: { used, total } });
    spent = { render: 0, cards: 0, finish: 0, write: 0 };
  } catch (error) {
    tell({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
/**
 * The URLs to render, and what listing them read of the articles.
 * @returns {Promise<PageList>}
 */
async function listed() {
  const { value, reads } = await logReads(pageList);
  return { ...value, reads };
}

try {
  const found = (await getGlobalContextAsync(true)).logReads;
  if (!found) {
    throw new Error(
      "the server build has no globalContext.logReads: is site/pages/+onCreateGlobalContext.server.ts still there?",
    );
  }
  logReads = found;
  tell({ ready: true, list: lists ? await listed() : undefined });
} catch (error) {
  // The list's own errors name the file to fix; a stack only where a hook itself failed.
  const message =
    error instanceof PageListError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  tell({ error: message });
}
