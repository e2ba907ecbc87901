// Writes .br and .gz next to every compressible file in dist/client, so the
// server sends pre-compressed bytes (best compression, no per-request CPU).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = new URL("../dist/client/", import.meta.url).pathname;
const compressible = /\.(?:html|js|mjs|css|svg|json|xml|txt)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

let count = 0;
for await (const path of files(root)) {
  const content = await readFile(path);
  if (content.length < 256) continue;
  await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in dist/client (.br, .gz)`);
