#!/usr/bin/env node
// Runs the content CLI (cli/run.ts) as plain JavaScript: the TypeScript is
// bundled with esbuild into node_modules/.cache/content-cli and rebuilt only
// when a file under cli/, schemas/, inquiries/, visits/ or site/cards/ (the card fonts,
// whose characters `validate` checks), this file or the lockfile (a
// dependency bundled in) is newer than the bundle. This
// keeps `npm run validate` well under half a second instead of paying for a
// TS loader on every run.
//
// Each build goes to a folder of its own, named by a digest of what it was
// made from, and a pointer file is then swapped in with a rename, so
// processes started together never import half a bundle. Named by its
// inputs, a build of the same code is the same folder: what is keyed by the
// CLI's own address (the article records, content/articles/record-cache.ts)
// stays valid when the sources were only touched, or when a copy of the
// project sharing this node_modules (the build tests' and benchmarks')
// bundles the same code. (Not by its output: a copy's bundle differs from
// this one's in the paths of its comments and source map.)
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  const { build, version } = await import("esbuild");
  const staging = join(cache, `staging-${process.pid}-${Date.now()}`);
  const { outputFiles, metafile } = await build({
    // The articles' worker threads run their own entry, next to the CLI's (content/articles/pool.ts).
    entryPoints: {
      cli: join(root, "cli", "run.ts"),
      // `generate` with nothing changed, answered before the CLI is loaded (see the end of this file).
      "quiet-generate": join(root, "content", "quiet-generate.ts"),
      "articles-worker": join(root, "content", "articles", "worker.ts"),
    },
    outdir: staging,
    write: false,
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
    metafile: true,
  });
  // What it was made from: every input's bytes (their paths differ from a copy to this tree), these
  // options (this file) and esbuild's version.
  const inputs = Object.keys(metafile.inputs).map((input) =>
    createHash("sha256")
      .update(readFileSync(join(root, input)))
      .digest("hex"),
  );
  const digest = createHash("sha256")
    .update(`${version}\0`)
    .update(readFileSync(fileURLToPath(import.meta.url)));
  for (const input of inputs.sort()) digest.update(input);
  const name = `build-${digest.digest("hex").slice(0, 20)}`;
  if (!existsSync(join(cache, name))) {
    for (const file of outputFiles) {
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.contents);
    }
    try {
      renameSync(staging, join(cache, name));
    } catch (error) {
      // Another process put the same build there first: it is the same bytes.
      if (!existsSync(join(cache, name))) throw error;
    }
    rmSync(staging, { recursive: true, force: true });
  }
  const previous = bundle?.dir;
  // Written even when it names the same build: its time says the bundle is as new as the sources.
  writeFileAtomic.sync(pointer, name);
  // Keep this build, the one the pointer named (a process started a moment ago may still be loading it)
  // and the newest other; another process may prune at the same moment: an entry gone before its stat is
  // left out. Staging folders a killed run left are removed once an hour old.
  const time = (entry) => statSync(join(cache, entry), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const entries = readdirSync(cache);
  const builds = entries
    .filter((entry) => entry.startsWith("build-") && entry !== name && entry !== previous)
    .sort((a, b) => time(b) - time(a));
  for (const old of builds.slice(1)) rmSync(join(cache, old), { recursive: true, force: true });
  for (const left of entries.filter((entry) => entry.startsWith("staging-"))) {
    if (Date.now() - time(left) > 3_600_000) rmSync(join(cache, left), { recursive: true, force: true });
  }
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
