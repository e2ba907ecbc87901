// @ts-check
// Pre-compression: .br and .gz next to every compressible file in dist/client,
// so the server sends pre-compressed bytes (no per-request CPU).
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
// 91,742 B. Brotli 6 stays: 4 would save 0.45 ms a page once per build (and
// nothing for a page the cache reuses) and cost every visitor 6.7% more
// bytes; gzip 6 is the level the budgets count (its .gz is their figure). Pages are compressed in the render pass
// (render-worker.mjs, synchronously: one worker per core); the other files
// here, on zlib's thread pool, while the workers render.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { COMPRESSIBLE, MIN_BYTES } from "../security/compressible.js";

export const PAGE_LEVELS = { brotli: 6, gzip: 6 };
const ASSET_LEVELS = { brotli: 11, gzip: 9 };

/** @param {Buffer} content @param {number} quality @returns {import("node:zlib").BrotliOptions} */
const brotliOptions = (content, quality) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
});

/**
 * A page's .br and .gz (null when it is too small to compress).
 * @param {Buffer} content
 * @returns {{ br: Buffer, gz: Buffer } | null}
 */
export function compressPage(content) {
  if (content.length < MIN_BYTES) return null;
  return {
    br: brotliCompressSync(content, brotliOptions(content, PAGE_LEVELS.brotli)),
    gz: gzipSync(content, { level: PAGE_LEVELS.gzip }),
  };
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Files compressed at once: enough to keep the thread pool busy. */
const IN_FLIGHT = 8;

/**
 * The compressible files under `dir` whose names `skip` leaves.
 * @param {string} dir @param {(name: string) => boolean} skip @returns {AsyncGenerator<string>}
 */
async function* files(dir, skip) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path, skip);
    else if (COMPRESSIBLE.test(entry.name) && !skip(entry.name)) yield path;
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
 * Writes `path`'s .br and .gz (assets at the best levels); returns the bytes written, 0 when none.
 * @param {string} root @param {string} path @returns {Promise<number>}
 */
export async function compressFile(root, path) {
  if (await compressedAlready(path)) return 0;
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return 0;
  const levels = /^assets\//.test(relative(root, path)) ? ASSET_LEVELS : PAGE_LEVELS;
  const [br, gzipped] = await Promise.all([
    brotli(content, brotliOptions(content, levels.brotli)),
    gz(content, { level: levels.gzip }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return br.length + gzipped.length;
}

/**
 * Compresses the files of `root` that `skip` (a file name test) leaves: what
 * Vite wrote, but those whose .br and .gz are newer than themselves. Returns
 * how many files were compressed and the bytes written.
 * @param {string} root @param {(name: string) => boolean} skip
 * @returns {Promise<{ count: number, bytes: number }>}
 */
export async function compressOthers(root, skip) {
  let count = 0;
  let bytes = 0;
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  for await (const path of files(root, skip)) {
    const task = compressFile(root, path).then((written) => {
      if (written > 0) count++;
      bytes += written;
      running.delete(task);
    });
    running.add(task);
    if (running.size >= IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  return { count, bytes };
}
