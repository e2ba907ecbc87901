// What each pre-rendered page loads before any interaction, and its bytes,
// read from the build in dist/client. Shared by the build's bundle report
// (scripts/bundle-report.mjs) and the budget tests (tests/site/budgets.spec.ts),
// so both count the same bytes. Sizes are deterministic: no timing involved.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

export const KiB = 1024;
/**
 * Per route, compressed with gzip at its default level. Two languages raised
 * JS from 110 to 114 KiB (docs/quality.md, "Bytes"): the language routing, the
 * switcher, and the German header, footer and form texts in the script.
 * Every data text through Phrased (issue 32) raised it to 115 KiB: the
 * home page's first load went from 116,721 to 116,912 bytes, 15 bytes under
 * the old budget before, 176 over it after. Issue 33 brought it back to
 * 110 KiB: the inquiry forms and the footer are chunks of their own, hydrated
 * on their own once loaded (home 116,912 → 112,349 bytes, the largest page,
 * /consultants, 113,038 → 112,423).
 */
export const budgets = { html: 14 * KiB, css: 10 * KiB, js: 110 * KiB };

export function gzipSize(content) {
  return gzipSync(content).length;
}

/** Brotli at the quality scripts/compress.mjs serves. */
export function brotliSize(content) {
  return brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function readBuilt(file) {
  const path = join(CLIENT_DIR, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return readFileSync(path);
}

/** Every pre-rendered page, as paths relative to dist/client ("index.html", "about/index.html", "404.html"), sorted. */
export function builtPages(dir = CLIENT_DIR) {
  const found = readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : builtPages(path);
    return entry.name.endsWith(".html") ? [relative(CLIENT_DIR, path).split(sep).join("/")] : [];
  });
  return dir === CLIENT_DIR ? found.sort() : found;
}

/** The route a built page answers: "about/index.html" → "/about", "index.html" → "/", "404.html" → "404". */
export function routeOf(file) {
  if (file === "404.html") return "404";
  return `/${file.replace(/(^|\/)index\.html$/, "")}`.replace(/\/$/, "") || "/";
}

/** The attributes of every `<tag …>` in `html`, as lower-cased name → value maps. */
function tags(html, tag) {
  const found = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attributes = {};
    for (const attr of (match[1] ?? "").matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const name = attr[1];
      if (name) attributes[name.toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? "";
    }
    found.push(attributes);
  }
  return found;
}

/**
 * The scripts and stylesheets an HTML page asks for before any interaction,
 * including those it inserts right after its first paint (<template id="after-paint">),
 * and its inline CSS. A disabled stylesheet link is not fetched (it only tells
 * Vite's preloader that the inline CSS is that stylesheet): not counted.
 */
export function firstLoadAssets(html) {
  const scripts = [
    ...tags(html, "script")
      .map((a) => a.src)
      .filter((src) => !!src),
    ...tags(html, "link")
      .filter((a) => a.rel === "modulepreload")
      .map((a) => a.href)
      .filter((href) => !!href),
  ].filter((url) => url.endsWith(".js"));
  const stylesheets = tags(html, "link")
    .filter((a) => a.rel === "stylesheet" && !("disabled" in a))
    .map((a) => a.href)
    .filter((href) => !!href);
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? "").join("\n");
  return { scripts: unique(scripts), stylesheets: unique(stylesheets), inlineCss };
}

/**
 * Every module the browser must fetch before the page's scripts run: the
 * listed ones plus what they import statically (`import … from "./x.js"`),
 * transitively. Dynamic `import()` (lazy Radix Tooltip and Dialog, the form's
 * sending code) is not first-load. Paths are absolute URL paths ("/assets/…").
 */
export function staticImportClosure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return [...seen];
}

const importsOf = new Map();
/** The modules `url` imports statically, as absolute URL paths (each module read once per process). */
export function staticImports(url) {
  if (!importsOf.has(url)) {
    const code = readBuilt(url.replace(/^\//, "")).toString("utf8");
    const pattern = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;
    const found = [...code.matchAll(pattern)].flatMap((m) => (m[1] ? [posix.join(posix.dirname(url), m[1])] : []));
    importsOf.set(url, found);
  }
  return importsOf.get(url);
}

/** `urls` ordered so that every module comes after the modules it imports statically. */
export function dependenciesFirst(urls) {
  const wanted = new Set(urls);
  const ordered = [];
  const visited = new Set();
  const visit = (url) => {
    if (visited.has(url)) return;
    visited.add(url);
    for (const dependency of staticImports(url)) visit(dependency);
    if (wanted.has(url)) ordered.push(url);
  };
  for (const url of urls) visit(url);
  return ordered;
}

const gzipOf = new Map();
const brotliOf = new Map();

/**
 * The gzip size of a built file at the default level (6), as the budgets
 * count: its .gz twin when scripts/compress.mjs wrote it at that level (pages),
 * otherwise compressed here; once per process.
 */
export function gzipSizeOf(url) {
  if (!gzipOf.has(url)) {
    const file = url.replace(/^\//, "");
    const twin = join(CLIENT_DIR, `${file}.gz`);
    const page = !file.startsWith("assets/");
    gzipOf.set(url, page && existsSync(twin) ? statSync(twin).size : gzipSize(readBuilt(file)));
  }
  return gzipOf.get(url);
}

/**
 * The brotli size of a built file as the server sends it: its .br twin from
 * scripts/compress.mjs when there is one, otherwise compressed here (once per process).
 */
export function brotliSizeOf(url) {
  if (!brotliOf.has(url)) {
    const file = url.replace(/^\//, "");
    const twin = join(CLIENT_DIR, `${file}.br`);
    brotliOf.set(url, existsSync(twin) ? statSync(twin).size : brotliSize(readBuilt(file)));
  }
  return brotliOf.get(url);
}

export function sumGzip(urls) {
  return urls.reduce((total, url) => total + gzipSizeOf(url), 0);
}

export function sumBrotli(urls) {
  return urls.reduce((total, url) => total + brotliSizeOf(url), 0);
}

function unique(items) {
  return [...new Set(items)];
}
