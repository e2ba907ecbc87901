// @ts-check
// `node engine/precompress.mjs [--all]` (or `npm run build -- --precompress`,
// and `npm start` before it serves): .br and .gz beside every compressible
// file of dist/client that lacks current ones (compress.mjs), and no twin
// left whose file is gone. Incremental: after a rebuild, only what it wrote
// (precompress-journal.mjs); --all looks at every file (after a hand edit).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildArgs } from "./args.mjs";
import { precompress } from "./compress.mjs";
import { forgetPrecompressed } from "./precompress-journal.mjs";
import { formatBytes, formatSeconds } from "./progress.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = join(root, "dist/client");
const { all } = buildArgs("precompress", {
  all: "look at every file, not only those the build wrote since the last run (after dist/client was changed by hand)",
});
if (!existsSync(clientDir)) {
  console.error("precompress: dist/client is missing: run `npm run build` first");
  process.exit(1);
}
const started = performance.now();
// With --all, the journal is forgotten: the run looks at every file, then starts a new one.
if (all) forgetPrecompressed(join(root, "dist"));
try {
  const { count, bytes, left, orphans, everyFile } = await precompress(clientDir, { dist: join(root, "dist") });
  console.log(
    `precompress: ${count} files compressed (${formatBytes(bytes)} of .br and .gz) · ${left} current or too small · ${orphans} twins of gone files removed · looked at ${everyFile ? "every file" : "the files written since the last run"} · ${formatSeconds((performance.now() - started) / 1000)}`,
  );
} catch (error) {
  console.error(`precompress failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
