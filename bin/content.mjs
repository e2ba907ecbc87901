#!/usr/bin/env node
// Runs the content CLI (cli/run.ts) as plain JavaScript: the TypeScript is
// bundled with esbuild into node_modules/.cache/content-cli and rebuilt only
// when a file under cli/, schemas/, inquiries/, visits/ or site/cards/ (the card fonts,
// whose characters `validate` checks), this file or the lockfile (a
// dependency bundled in) is newer than the bundle. This
// keeps `npm run validate` well under half a second instead of paying for a
// TS loader on every run.
//
// Each build goes to a folder of its own and a pointer file is then swapped
// in with a rename, so processes started together never import half a bundle.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import writeFileAtomic from "write-file-atomic";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cache = join(root, "node_modules", ".cache", "content-cli");
const pointer = join(cache, "current");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function current() {
  try {
    return { dir: readFileSync(pointer, "utf8").trim(), builtAt: statSync(pointer).mtimeMs };
  } catch {
    return undefined;
  }
}

let bundle = current();
const sources = Math.max(
  ...["cli", "content", "schemas", "inquiries", "visits", "site/cards"].map((dir) => newestSource(join(root, dir))),
  ...[fileURLToPath(import.meta.url), join(root, "package-lock.json")].map((file) => statSync(file).mtimeMs),
);
if (!bundle || bundle.builtAt < sources) {
  const { build } = await import("esbuild");
  const name = `build-${process.pid}-${Date.now()}`;
  await build({
    // The articles' worker threads run their own entry, next to the CLI's (content/articles/pool.ts).
    entryPoints: {
      cli: join(root, "cli", "run.ts"),
      // `generate` with nothing changed, answered before the CLI is loaded (see the end of this file).
      "quiet-generate": join(root, "content", "quiet-generate.ts"),
      "articles-worker": join(root, "content", "articles", "worker.ts"),
    },
    outdir: join(cache, name),
    bundle: true,
    splitting: true, // the inquiries command's database code loads only when it runs
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled: zod, yaml, commander (one file loads faster than many). External:
    // the native SQLite binding, and what requires CommonJS-only dynamic code
    // or reads CommonJS's __filename (write-file-atomic).
    external: ["better-sqlite3", "esbuild", "write-file-atomic"],
    outExtension: { ".js": ".mjs" },
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Beside the code, not in it: the inline map tripled the files every run parses (0.05 s of each start);
    // `node --enable-source-maps` still finds it.
    sourcemap: "linked",
    logLevel: "error",
    absWorkingDir: root,
  });
  mkdirSync(cache, { recursive: true });
  writeFileAtomic.sync(pointer, name);
  // Keep the two newest builds: a process started a moment ago may still be loading the previous one.
  // Another process may prune at the same moment: an entry gone before its stat is left out.
  const time = (entry) => statSync(join(cache, entry), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const builds = readdirSync(cache)
    .filter((entry) => entry.startsWith("build-"))
    .sort((a, b) => time(b) - time(a));
  for (const old of builds.slice(2)) rmSync(join(cache, old), { recursive: true, force: true });
  bundle = { dir: name, builtAt: Date.now() };
}

// `generate` alone (what `npm run build` runs) with nothing changed since its last clean run says what that
// run said without loading the CLI (content/quiet-generate.ts); anything else is the CLI's.
const quiet =
  process.argv.length === 3 &&
  process.argv[2] === "generate" &&
  (await import(pathToFileURL(join(cache, bundle.dir, "quiet-generate.mjs")).href)).quietGenerate(
    process.argv.slice(2),
  );
if (!quiet) await import(pathToFileURL(join(cache, bundle.dir, "cli.mjs")).href);
