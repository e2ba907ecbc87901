#!/usr/bin/env node
// Runs the content CLI (cli/run.ts) as plain JavaScript: the TypeScript is
// bundled once with esbuild into node_modules/.cache and rebuilt only when a
// file under cli/ or schemas/ is newer than the bundle. This keeps
// `npm run validate` well under half a second instead of paying for a TS
// loader on every run.
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "node_modules", ".cache", "content-cli", "cli.mjs");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const bundleTime = (() => {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
})();

if (bundleTime < Math.max(newestSource(join(root, "cli")), newestSource(join(root, "schemas")))) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [join(root, "cli", "run.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "error",
    absWorkingDir: root,
  });
}

await import(pathToFileURL(bundle).href);
