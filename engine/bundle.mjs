// @ts-check
// The build's bundle step: `vike build` (the client and server bundles; Vike
// renders no page, see prerender.disableAutoRun), or its stored output when
// nothing it reads changed since; then the files beside the pages.
//
// What `vike build` reads (bundleKey): the code (site/ but the articles,
// schemas/, security/), the shared data it bundles (site/generated/*.ts and
// <code>/*.ts: the firm, the navigation, the texts), Vite's configuration,
// the locked dependencies, Node, NODE_ENV and BUNDLE_SOURCEMAP. Not the
// articles: they are read from disk when a page is rendered
// (site/lib/article-index.ts). The files beside the pages follow them (the
// sitemap and the feeds, site/lib/seo-files.ts): that module is bundled
// alone (dist/server/seo-files.mjs, stored with the rest) and run after
// every bundle step, in this process, so `vike build` never loads the
// articles. So an edited article costs no `vike build`; a changed component
// or stylesheet does. tests/build/incremental-build.test.ts compares both
// ways' output byte for byte.
//
// When dist/ is the output of a build with this very bundle (its record,
// record.mjs, says so), it is kept in place: no file is deleted or copied,
// and the page step keeps every page whose inputs did not change.
//
// The store keeps the last bundle only (about 3 MB): node_modules/.cache/
// site-build/bundle/<key>/, or BUILD_CACHE_DIR/bundle/<key>/.
//
//   node engine/bundle.mjs [--force] [--verbose]     (engine/build.mjs runs it)
//
// With BUILD_GENERATE_SIGNAL (engine/build.mjs, a cold build), it runs beside
// `generate`: `vike build` whatever is stored, which waits for `generate`
// before it reads the site (after-generate.js); the key is taken after it.
//
// On CI (CI=true) without --verbose, Vite logs warnings and errors only (not
// its list of every file written, 100 lines for this site): one line says
// what was built.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { buildArgs, onCI } from "./args.mjs";
import { cacheDir, filesUnder, keyHasher, sharedDataFiles, storeEntry } from "./cache.mjs";
import { TWINS } from "./compress.mjs";
import { forgetPrecompressed, journal } from "./precompress-journal.mjs";
import { formatSeconds } from "./progress.mjs";
import { recordFile, removeRecord } from "./record.mjs";

/** Modules bundled alone beside the server build, run by the build itself: the files beside the pages, the replay of a page's reads. */
const BESIDE = { "seo-files": "site/lib/seo-files.ts", "page-inputs": "site/lib/page-inputs.ts" };
const SEO_MODULE = "server/seo-files.mjs";

/**
 * The key of what `vike build` reads (see the top of this file).
 * @param {string} root
 */
export function bundleKey(root) {
  const key = keyHasher(root, "site-bundle cache 1");
  key.add("BUNDLE_SOURCEMAP", process.env.BUNDLE_SOURCEMAP ?? "");
  key.files(["package-lock.json", "package.json", "vite.config.ts", "tsconfig.json", "engine/bundle.mjs"], {
    optional: true,
  });
  const generated = join(root, "site/generated");
  key.files([
    ...filesUnder(join(root, "site"), (path) => path === generated),
    ...filesUnder(join(root, "schemas")),
    ...filesUnder(join(root, "security")),
    ...sharedDataFiles(root),
  ]);
  return key.digest();
}

/** Beside the bundle in dist/ (and in its stored copy): the key of what it was built from. */
const KEY_FILE = "bundle-key";

/**
 * The key of the bundle in `dist`, as the bundle step wrote it, or null (a bundle stored before it wrote one).
 * @param {string} dist
 */
export function bundledWith(dist) {
  try {
    return readFileSync(join(dist, KEY_FILE), "utf8");
  } catch {
    return null;
  }
}

/**
 * Keeps dist/ when it was built with this bundle, or builds it (client and
 * server bundles), or restores the stored one; then writes the files beside
 * the pages again. `force`: builds, whatever is stored; `quiet`: Vite logs
 * warnings and errors only; `besideGenerate`: started beside `generate`,
 * so it builds (the key of what it reads is known only once `vike build`
 * has waited for `generate`). Returns whether the stored bundle was used,
 * and whether dist/ was kept.
 * @param {string} root @param {{ force?: boolean, quiet?: boolean, besideGenerate?: boolean }} [options]
 * @returns {Promise<{ reused: boolean, kept: boolean }>}
 */
export async function bundle(root, { force = false, quiet = false, besideGenerate = false } = {}) {
  const store = join(cacheDir(root), "bundle");
  const dist = join(root, "dist");
  if (besideGenerate) force = true;
  let key = besideGenerate ? "" : bundleKey(root);
  // dist/ holds this bundle and a record of its pages (the record is removed whenever dist/ is replaced; the
  // page step reads it whole and checks its keys: 7 MB at 10,000 articles, not parsed here as well).
  if (
    !force &&
    bundledWith(dist) === key &&
    existsSync(recordFile(dist)) &&
    existsSync(join(dist, "server/entry.mjs"))
  ) {
    // Vite's files are the last build's; of the files beside the pages, those that changed are written.
    await writeSeoFiles(dist);
    return { reused: true, kept: true };
  }
  // Whatever happens next replaces dist/, which the record and precompress's journal then no longer describe.
  removeRecord(dist);
  forgetPrecompressed(dist);
  if (!force && existsSync(join(store, key))) {
    rmSync(dist, { recursive: true, force: true });
    cpSync(join(store, key), dist, { recursive: true });
    await writeSeoFiles(dist);
    return { reused: true, kept: false };
  }
  const vike = spawnSync(process.execPath, [join(root, "node_modules/vike/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    // Vike passes VITE_CONFIG to Vite as inline configuration (https://vike.dev/cli).
    env: quiet ? { ...process.env, VITE_CONFIG: JSON.stringify({ logLevel: "warn" }) } : process.env,
  });
  if (vike.status !== 0) throw new Error(`vike build exited ${vike.status ?? vike.signal}`);
  // Beside generate: vike build waited for it, so site/generated is what it read.
  if (besideGenerate) key = bundleKey(root);
  const entry = join(store, key);
  await esbuild({
    entryPoints: Object.fromEntries(Object.entries(BESIDE).map(([name, file]) => [name, join(root, file)])),
    outdir: join(dist, "server"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // security/headers.ts hashes the after-paint loader, which security/after-paint.js reads
    // beside itself (../site/): it stays a module of its own, imported from where it is.
    plugins: [externalAfterPaint],
    logLevel: "warning",
  });
  // The page step reads the bundle's key here rather than hashing the sources again (bundledWith).
  writeFileSync(join(dist, KEY_FILE), key);
  // An entry is whole or absent; only this one is kept.
  mkdirSync(store, { recursive: true });
  storeEntry(entry, (aside) => {
    cpSync(dist, aside, { recursive: true });
    for (const name of readdirSync(store))
      if (join(store, name) !== aside) rmSync(join(store, name), { recursive: true, force: true });
  });
  await writeSeoFiles(dist);
  return { reused: false, kept: false };
}

/**
 * security/after-paint.js left out of the seo-files bundle, imported from dist/server/ at ../../security/.
 * @type {import("esbuild").Plugin}
 */
const externalAfterPaint = {
  name: "external-after-paint",
  setup(build) {
    build.onResolve({ filter: /^\.\/after-paint\.js$/ }, (args) =>
      args.importer.endsWith(join("security", "headers.ts"))
        ? { path: "../../security/after-paint.js", external: true }
        : undefined,
    );
  },
};

/**
 * The sitemap, the feeds and the rest of seo-files.ts, from this tree's
 * articles; a file that says the same is left as it is (its .br and .gz
 * stay current, compress.mjs), one that changes loses its twins. Returns
 * the names of those written.
 * @param {string} dist
 * @returns {Promise<string[]>}
 */
async function writeSeoFiles(dist) {
  /** @type {typeof import("../site/lib/seo-files.ts")} (bundled there by bundle) */
  const { seoFiles } = await import(pathToFileURL(join(dist, SEO_MODULE)).href);
  /** @type {string[]} */
  const written = [];
  const journaled = journal(dist, "bundle");
  for (const { fileName, source } of seoFiles()) {
    const path = join(dist, "client", fileName);
    if (existsSync(path) && readFileSync(path, "utf8") === source) continue;
    mkdirSync(dirname(path), { recursive: true });
    for (const twin of TWINS) rmSync(`${path}${twin}`, { force: true });
    writeFileSync(path, source);
    journaled.note(fileName);
    written.push(fileName);
  }
  journaled.close();
  return written;
}

/**
 * The bundle step as `npm run build` runs it, with its one line of output:
 * resolves with the exit status (1 when it failed, and says why).
 * @param {string} root @param {{ force?: boolean, verbose?: boolean }} options
 * @returns {Promise<number>}
 */
export async function bundleStep(root, { force = false, verbose = false }) {
  const started = performance.now();
  try {
    const besideGenerate = Boolean(process.env.BUILD_GENERATE_SIGNAL);
    const { reused, kept } = await bundle(root, { force, quiet: onCI() && !verbose, besideGenerate });
    if (kept)
      console.log(
        "bundle: code and shared data unchanged since the last build: dist/ kept in place, sitemap and feeds written",
      );
    else if (reused)
      console.log("bundle: code and shared data unchanged since the stored bundle: reused, sitemap and feeds written");
    else if (onCI() && !verbose)
      console.log(
        `bundle: vike build wrote the client and server bundles, sitemap and feeds in ${formatSeconds((performance.now() - started) / 1000)} (Vite's file list: --verbose)`,
      );
    return 0;
  } catch (error) {
    // Beside a generate that failed: generate said why, and Vite that it stopped.
    const signal = process.env.BUILD_GENERATE_SIGNAL;
    if (signal && existsSync(signal) && readFileSync(signal, "utf8").trim() === "failed") return 1;
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = buildArgs("bundle", {
    force: "run vike build, whatever is stored",
    verbose: "Vite's file list",
  });
  const status = await bundleStep(fileURLToPath(new URL("..", import.meta.url)), options);
  if (status !== 0) process.exit(status);
}
