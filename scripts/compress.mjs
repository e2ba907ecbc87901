// Writes .br and .gz next to every compressible file in dist/client, so the
// server sends pre-compressed bytes (no per-request CPU).
//
// Hashed assets (assets/: scripts, the stylesheet) are few, cached for good
// and fetched by every visitor: best compression (brotli 11, gzip 9). Pages
// (HTML, page data, feed, sitemap) grow with the content, one or two per
// article: brotli 11 costs about 100 ms a page, which alone would take
// minutes for 10,000 articles, so they get brotli 6 and gzip 6 (about 1 ms
// each, within 10% of the best size). zlib's asynchronous calls run on
// libuv's thread pool, so the files are compressed on every core.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const root = new URL("../dist/client/", import.meta.url).pathname;
const compressible = /\.(?:html|js|mjs|css|svg|json|xml|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Files compressed at once: enough to keep the thread pool busy. */
const IN_FLIGHT = 16;

/** Compression settings by file: the best for hashed assets, fast for pages. */
function settingsFor(path) {
  const asset = /^assets\//.test(path);
  return { brotliQuality: asset ? 11 : 6, gzipLevel: asset ? 9 : 6 };
}

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

async function compress(path) {
  const content = await readFile(path);
  if (content.length < 256) return 0;
  const { brotliQuality, gzipLevel } = settingsFor(relative(root, path));
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gz(content, { level: gzipLevel }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return 1;
}

let count = 0;
const running = new Set();
for await (const path of files(root)) {
  const task = compress(path).then((done) => {
    count += done;
    running.delete(task);
  });
  running.add(task);
  if (running.size >= IN_FLIGHT) await Promise.race(running);
}
await Promise.all(running);
console.log(`compressed ${count} files in dist/client (.br, .gz)`);
