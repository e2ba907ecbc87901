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
// compressed again.
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
// visitor 6.7% more bytes. Everything runs on zlib's thread pool.
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import writeFileAtomic from "write-file-atomic";
import { COMPRESSIBLE, MIN_BYTES } from "../security/compressible.js";

/** A compressed file's name is its file's and one of these. */
export const TWINS = [".br", ".gz"];
const TWIN = /\.(?:br|gz)$/;
export const PAGE_LEVELS = { brotli: 6, gzip: 6 };
const ASSET_LEVELS = { brotli: 11, gzip: 9 };

/** @param {Buffer} content @param {number} quality @returns {import("node:zlib").BrotliOptions} */
const brotliOptions = (content, quality) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
});

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Files compressed at once: enough to keep the thread pool busy. */
const IN_FLIGHT = 8;

/**
 * Every file under `dir`, by its path.
 * @param {string} dir @returns {AsyncGenerator<string>}
 */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dotfiles (.vite/) are not published.
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Whether `path` has a .br and a .gz written after it (a file kept in place, compressed by an earlier build).
 * @param {string} path
 */
async function compressedAlready(path) {
  try {
    const [source, br, gzipped] = await Promise.all([stat(path), stat(`${path}.br`), stat(`${path}.gz`)]);
    return br.mtimeMs >= source.mtimeMs && gzipped.mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Writes `path`'s .br and .gz (assets at the best levels), each whole or not
 * at all (a server may be reading them); returns the bytes written, 0 when
 * none (current already, or too small: then any old twin is removed).
 * @param {string} root @param {string} path @returns {Promise<number>}
 */
export async function compressFile(root, path) {
  if (await compressedAlready(path)) return 0;
  const content = await readFile(path);
  if (content.length < MIN_BYTES) {
    await Promise.all(TWINS.map((twin) => rm(`${path}${twin}`, { force: true })));
    return 0;
  }
  const levels = /^assets\//.test(relative(root, path)) ? ASSET_LEVELS : PAGE_LEVELS;
  const [br, gzipped] = await Promise.all([
    brotli(content, brotliOptions(content, levels.brotli)),
    gz(content, { level: levels.gzip }),
  ]);
  await Promise.all([
    writeFileAtomic(`${path}.br`, br, { fsync: false }),
    writeFileAtomic(`${path}.gz`, gzipped, { fsync: false }),
  ]);
  return br.length + gzipped.length;
}

/**
 * Writes the missing or stale .br and .gz of every compressible file under
 * `root`, and removes twins whose file is gone. Returns how many files were
 * compressed, the bytes written, how many were left (current, or too small to
 * compress), and how many twins were removed.
 * @param {string} root
 * @returns {Promise<{ count: number, bytes: number, left: number, orphans: number }>}
 */
export async function precompress(root) {
  const found = { count: 0, bytes: 0, left: 0, orphans: 0 };
  /** @type {string[]} */
  const twins = [];
  const sources = new Set();
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  for await (const path of files(root)) {
    if (TWIN.test(path)) {
      twins.push(path);
      continue;
    }
    sources.add(path);
    if (!COMPRESSIBLE.test(path)) continue;
    const task = compressFile(root, path).then((written) => {
      if (written > 0) found.count++;
      else found.left++;
      found.bytes += written;
      running.delete(task);
    });
    running.add(task);
    if (running.size >= IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  for (const twin of twins) {
    if (sources.has(twin.replace(TWIN, ""))) continue;
    await rm(twin, { force: true });
    found.orphans++;
  }
  return found;
}
