// @ts-check
// The build's page cache: a page's files (HTML, page data, their .br/.gz) are
// stored under a key that covers everything the bytes depend on, and reused
// when a later build computes the same key.
//
// key = sha256(build key, page key)
// - The build key (buildKey, once per build): the Node version, the locked
//   dependency versions (package-lock.json), the code (every file of site/
//   but site/generated/, vite.config.ts, the build scripts, the server bundle
//   dist/server/), the client bundle and stylesheet the page links
//   (dist/client/assets/), NODE_ENV, and
//   the shared data every page may show, in every language (site/generated/
//   *.ts and <code>/*.ts: the firm, the navigation, the consultants, the
//   texts...). The part of the data not in it is the articles (the index
//   site/generated/[<code>/]articles.json and the bodies in articles/), which
//   change with any article: they reach a page only through the page's hooks
//   (+data, +onBeforeRender: the lists, the related articles, the byline,
//   the body), that is through pageContext.
// - The page key (pageKey, per page, computed in +onRenderHtml.ts after the
//   hooks ran): the URL, the page, its route parameters and every field the
//   hooks put in pageContext (data, articleParts, ...: all that is not one of
//   Vike's own fields), serialized with sorted keys. A field that cannot be
//   serialized (a function) makes the page uncacheable: it is rendered.
//
// So an edit re-renders exactly the pages whose hooks return something
// different, and a change of code, dependency, Node or shared data
// re-renders every page. tests/build/incremental-build.test.ts builds each of
// the issue's six edits both ways and compares the bytes.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { threadId } from "node:worker_threads";

/**
 * Stores a cache entry (a folder: a page's files, the stored bundle) whole or
 * not at all: `fill` writes it aside, under a name of this process and
 * thread, which is then renamed over the old entry.
 * @param {string} entry @param {(aside: string) => void} fill
 */
export function storeEntry(entry, fill) {
  const aside = `${entry}.${process.pid}.${threadId}.tmp`;
  // Left by a build that stopped midway. (existsSync, not rmSync's force: that throws and catches where nothing is there.)
  if (existsSync(aside)) rmSync(aside, { recursive: true, force: true });
  fill(aside);
  // Usually there is no old entry: the rename alone. A folder is renamed over an empty folder only.
  try {
    renameSync(aside, entry);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    rmSync(entry, { recursive: true, force: true });
    renameSync(aside, entry);
  }
}

/**
 * Where the build's caches live (pages/, and bundle/ of bundle.mjs); BUILD_CACHE_DIR moves them (tests, throwaway copies).
 * @param {string} root
 */
export function cacheDir(root) {
  return process.env.BUILD_CACHE_DIR ?? join(root, "node_modules/.cache/site-build");
}

/**
 * Every file under `dir`, in a stable order, but those `skip` names (and what is under them).
 * @param {string} dir @param {(path: string) => boolean} [skip] @returns {Generator<string>}
 */
export function* filesUnder(dir, skip = () => false) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (skip(path)) continue;
    if (entry.isDirectory()) yield* filesUnder(path, skip);
    else yield path;
  }
}

/**
 * A key over labelled parts (each one's label, length and bytes), starting
 * with `version`, Node and NODE_ENV: the build key here, the bundle key in
 * bundle.mjs.
 * @param {string} root @param {string} version
 */
export function keyHasher(root, version) {
  const hash = createHash("sha256");
  /** @param {string} label @param {string | Buffer} content */
  const add = (label, content) => hash.update(`${label}\0${content.length}\0`).update(content);
  add("version", version);
  add("node", process.version);
  add("NODE_ENV", process.env.NODE_ENV ?? "");
  return {
    add,
    /**
     * Files by path (absolute, or relative to the root when `optional`, where a missing one is left out).
     * @param {Iterable<string>} paths @param {{ optional?: boolean }} [options]
     */
    files(paths, { optional = false } = {}) {
      for (const file of paths) {
        const path = resolve(root, file);
        if (optional && !existsSync(path)) continue;
        add(relative(root, path), readFileSync(path));
      }
    },
    digest: () => hash.digest("hex"),
  };
}

/**
 * Every language's shared data (site/generated/*.ts and <code>/*.ts): site/generated/ without the articles' index and bodies.
 * @param {string} root
 */
export function sharedDataFiles(root) {
  return filesUnder(join(root, "site/generated"), (path) => /\/articles(?:\.json)?$/.test(path));
}

/**
 * The build key (see the top of this file).
 * @param {string} root @param {string} clientDir
 */
export function buildKey(root, clientDir) {
  const key = keyHasher(root, "site-build cache 1");
  key.files(
    ["package-lock.json", "package.json", "vite.config.ts", "scripts/lib/first-load.js", "security/after-paint.js"],
    { optional: true },
  );
  const generated = join(root, "site/generated");
  key.files([
    ...filesUnder(join(root, "site"), (path) => path === generated),
    ...filesUnder(join(root, "engine")),
    // What Vite wrote, not the .br/.gz this build adds beside it: the client bundle and stylesheet,
    ...filesUnder(join(clientDir, "assets"), (path) => /\.(?:br|gz)$/.test(path)),
    // and the server bundle, which holds all the code that renders a page (schemas/ and security/ too).
    ...filesUnder(join(clientDir, "../server")),
    // The shared data, not the articles (see above).
    ...sharedDataFiles(root),
  ]);
  return key.digest();
}

/** Vike's own pageContext fields: set by Vike from the URL and the code, not inputs of their own. */
const VIKE_FIELDS = new Set([
  "isPageContext",
  "isClientSide",
  "isPrerendering",
  "isClientSideNavigation",
  "config",
  "pages",
  "urlParsed",
  "headers",
  "pageContextsAborted",
  "errorWhileRendering",
  "from",
  "source",
  "sources",
  "configEntries",
  "exports",
  "exportsAll",
  "cspNonce",
  "Page",
  "headersResponse",
]);

/** The engine's own fields, passed to renderPage (render-worker.mjs; site/lib/build-engine.ts): not inputs of the page. */
const ENGINE_FIELDS = new Set(["buildEngine"]);

/**
 * JSON with sorted keys; throws on what JSON would drop or mangle (functions,
 * symbols, class instances), naming where it is (`pageContext.data.load`).
 * @param {unknown} value @param {string} path @returns {string}
 */
function stable(value, path) {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : `"${value}"`;
  if (value === undefined) return '"\0undefined"';
  if (Array.isArray(value)) return `[${value.map((item, index) => stable(item, `${path}[${index}]`)).join(",")}]`;
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const record = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stable(record[key], `${path}.${key}`)}`).join(",")}}`;
  }
  const kind =
    typeof value === "object" ? `an instance of ${value.constructor?.name ?? "a class"}` : `a ${typeof value}`;
  throw new Error(`${path} is ${kind}`);
}

/**
 * The page's cache key from the fields its hooks put in pageContext; or, when
 * one of them cannot be serialized (a function, a class instance: a field Vike
 * added that VIKE_FIELDS does not list, or a hook's), no key and the reason:
 * the page is rendered every time, and the build says so (pages.mjs).
 * @param {string} build @param {object} pageContext
 * @returns {{ key: string, reason: null } | { key: null, reason: string }}
 */
export function pageKey(build, pageContext) {
  const all = /** @type {Record<string, unknown>} */ (pageContext);
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const key of Object.keys(all)) {
    if (!key.startsWith("_") && !VIKE_FIELDS.has(key) && !ENGINE_FIELDS.has(key)) fields[key] = all[key];
  }
  try {
    const key = createHash("sha256").update(build).update("\0").update(stable(fields, "pageContext")).digest("hex");
    return { key, reason: null };
  } catch (error) {
    return { key: null, reason: error instanceof Error ? error.message : String(error) };
  }
}
