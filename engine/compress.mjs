// @ts-check
// Precompression: .br and .gz next to every compressible file of
// dist/client, so a server that sends files as they are (nginx's
// brotli_static and gzip_static) sends compressed bytes at no CPU per
// request. Not part of `npm run build`: static hosts compress at the edge
// themselves (Netlify, Cloudflare, Vercel) and GitHub Pages ignores .br
// files. `npm run build -- --precompress` ends with it, and `npm start` runs it
// (precompress.mjs); the production server compresses what has no twin
// itself (server/static.ts).
//
// Incremental: a file whose twins are at least as new as itself is left
// alone. The build keeps every file it would write with the same bytes, and
// removes the twins of every file it changes or sweeps (render-worker.mjs,
// record.mjs, bundle.mjs), so after one edit only the pages it changed are
// compressed again; and the writers note what they wrote
// (precompress-journal.mjs), so after a first run only those files are
// looked at.
//
// Hashed assets (assets/: scripts, the stylesheet) are few, cached for good
// and fetched by every visitor: best compression (brotli 11, gzip 9). Pages
// (HTML, page data) and the other files that grow with the content (feed,
// sitemap) get brotli 6 and gzip 6: brotli 11 costs about 100 ms a page,
// which would take minutes at 10,000 articles; 6 costs about 1 ms and is
// within 10% of the best size. Measured on the shipped articles, home and
// about (CPU time a page, bytes of the eight; a loaded machine): brotli 4
// 0.79 ms, 92,823 B; 5 1.28 ms, 87,358 B; 6 1.24 ms, 87,015 B; 7 1.64 ms,
// 86,655 B; gzip 4 0.62 ms, 95,072 B; 6 0.84 ms, 91,897 B; 9 0.93 ms,
// 91,742 B. Brotli 6 stays: 4 would save 0.45 ms a page once and cost every
// visitor 6.7% more bytes. It runs on every core (compressing threads).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { COMPRESSIBLE, MIN_BYTES } from "../security/compressible.js";
import { markComplete, pending } from "./precompress-journal.mjs";

/** A compressed file's name is its file's and one of these. */
export const TWINS = [".br", ".gz"];
const TWIN = /\.(?:br|gz)$/;
const PAGE_LEVELS = { brotli: 6, gzip: 6 };
const ASSET_LEVELS = { brotli: 11, gzip: 9 };

/** @param {Buffer} content @param {number} quality @returns {import("node:zlib").BrotliOptions} */
const brotliOptions = (content, quality) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
});

/**
 * Every file under `dir` but dotfiles (.vite/ is not published), by its path.
 * @param {string} dir @param {string[]} [found] @returns {string[]}
 */
function files(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, found);
    else found.push(path);
  }
  return found;
}

/**
 * Whether `path`'s .br and .gz are there and written after it (a file kept in
 * place, compressed by an earlier run): "current", "stale" (one is older, or
 * only one is there), "absent" (neither).
 * @param {string} path @returns {"current" | "stale" | "absent"}
 */
function twinsOf(path) {
  const source = statSync(path).mtimeMs;
  const times = TWINS.map((twin) => statSync(`${path}${twin}`, { throwIfNoEntry: false })?.mtimeMs);
  if (times.every((time) => time === undefined)) return "absent";
  return times.every((time) => time !== undefined && time >= source) ? "current" : "stale";
}

/**
 * Writes `path`'s .br and .gz (assets at the best levels); returns the bytes
 * written, 0 when none (current already, or too small: then any old twin is
 * removed).
 * @param {string} root @param {string} path @returns {number}
 */
function compressFile(root, path) {
  const twins = twinsOf(path);
  if (twins === "current") return 0;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) {
    if (twins === "stale") for (const twin of TWINS) rmSync(`${path}${twin}`, { force: true });
    return 0;
  }
  const levels = /^assets\//.test(relative(root, path)) ? ASSET_LEVELS : PAGE_LEVELS;
  const br = brotliCompressSync(content, brotliOptions(content, levels.brotli));
  const gzipped = gzipSync(content, { level: levels.gzip });
  // As the pages themselves (render-worker.mjs): a new file, the old one unlinked first (a reader keeps its bytes).
  for (const [twin, bytes] of /** @type {const} */ ([
    [`${path}.br`, br],
    [`${path}.gz`, gzipped],
  ])) {
    if (twins === "stale") rmSync(twin, { force: true });
    writeFileSync(twin, bytes);
  }
  return br.length + gzipped.length;
}

/**
 * A compressing thread: takes the next file by a shared counter (no message
 * per file), compresses it synchronously (zlib's async calls cost more than
 * the compression on files this small: 10.9 s against 2.9 s for 1,000
 * articles), and says its totals at the end.
 * @param {{ root: string, paths: string[], next: SharedArrayBuffer }} data
 */
function compressing({ root, paths, next }) {
  const counter = new Int32Array(next);
  const done = { count: 0, bytes: 0, left: 0 };
  for (let i = Atomics.add(counter, 0, 1); i < paths.length; i = Atomics.add(counter, 0, 1)) {
    const written = compressFile(root, paths[i] ?? "");
    if (written > 0) done.count++;
    else done.left++;
    done.bytes += written;
  }
  parentPort?.postMessage(done);
}

/**
 * Writes the missing or stale .br and .gz of every compressible file under
 * `root`, on every core, and removes twins whose file is gone. With `dist`
 * (the folder of `root`) and a journal there (precompress-journal.mjs), only
 * the files written since the last run are looked at. Returns how many files
 * were compressed, the bytes written, how many were left (current, or too
 * small to compress), how many twins were removed, and whether every file
 * was looked at.
 * @param {string} root @param {{ dist?: string }} [options]
 * @returns {Promise<{ count: number, bytes: number, left: number, orphans: number, everyFile: boolean }>}
 */
export async function precompress(root, { dist } = {}) {
  const journaled = dist ? pending(dist) : null;
  /** @type {string[]} */
  let paths;
  /** @type {string[]} */
  let orphans;
  if (journaled) {
    const written = journaled.files.map((file) => join(root, file));
    paths = written.filter((path) => COMPRESSIBLE.test(path) && existsSync(path));
    orphans = written
      .filter((path) => !existsSync(path))
      .flatMap((path) => TWINS.map((twin) => `${path}${twin}`))
      .filter((twin) => existsSync(twin));
  } else {
    const all = files(root);
    const sources = new Set(all.filter((path) => !TWIN.test(path)));
    paths = [...sources].filter((path) => COMPRESSIBLE.test(path));
    orphans = all.filter((twin) => TWIN.test(twin) && !sources.has(twin.replace(TWIN, "")));
  }
  const found = { count: 0, bytes: 0, left: 0, orphans: 0, everyFile: !journaled };
  /** @param {{ count: number, bytes: number, left: number }} done */
  const add = (done) => {
    found.count += done.count;
    found.bytes += done.bytes;
    found.left += done.left;
  };
  // A thread costs more to start than a few files take to compress.
  const threads =
    paths.length < PER_THREAD ? 0 : Math.min(availableParallelism(), Math.ceil(paths.length / PER_THREAD));
  if (threads === 0) for (const path of paths) add(compressed(compressFile(root, path)));
  const next = new SharedArrayBuffer(4);
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { root, paths, next } });
          worker.once("message", add);
          worker.once("error", reject);
          worker.once("exit", (code) =>
            code === 0 ? resolve(undefined) : reject(new Error(`a compressing thread exited ${code}`)),
          );
        }),
    ),
  );
  for (const twin of orphans) {
    rmSync(twin, { force: true });
    found.orphans++;
  }
  if (dist) markComplete(dist, journaled?.journals ?? null);
  return found;
}

/** Files per compressing thread, at least. */
const PER_THREAD = 64;

/** One file's part of the totals. @param {number} written */
const compressed = (written) => ({ count: written > 0 ? 1 : 0, bytes: written, left: written > 0 ? 0 : 1 });

if (!isMainThread && workerData?.paths) compressing(workerData);
