import { existsSync, readdirSync, readFileSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono, Next } from "hono";
import { getMimeType } from "hono/utils/mime";
import { underPrefix } from "../schemas/locale-paths.ts";
import { COMPRESSIBLE, MIN_BYTES } from "../security/compressible.js";
import { ATOM_TYPE } from "../security/headers.ts";
import { locales } from "../site/generated/locales.ts";
import { type Coding, chooseCoding, type Offer } from "./accept-encoding.ts";
import type { CompressedCache, Encoding } from "./compressed-cache.ts";

/** Pre-compressed twins: served in place of their file when the client accepts them, never by their own name. */
const TWIN = /\.(?:br|gz|zst)$/;
/** Build output for static hosts, not for visitors. */
const HOST_FILES = new Set(["_headers", "_redirects"]);
/** The twins the server looks for, by coding. */
const TWIN_EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Serves the pre-rendered site: hashed assets cached forever, HTML always
 * revalidated, and a 404 page with status 404 for every unknown path: the
 * language's own (/de/404.html) under its prefix, 404.html elsewhere. A text
 * file (and the 404 page) goes in the coding the client prefers: its .br/.gz
 * twin when the build wrote one, else compressed here, once per version of
 * the file, and kept in `cache` (server/compressed-cache.ts).
 *
 * Only files the build meant to publish are served: the list is read from
 * the client dir once at start (`publishedFiles`), so a dotfile (`.vite/`,
 * `.env`), `_headers` or a `.br`/`.gz` twin asked for by name is a 404.
 */
export function mountStatic(app: Hono, clientDir: string, cache: CompressedCache): void {
  const notFoundPages = new Map(
    [...notFoundPagesOf(clientDir)].map(([prefix, html]) => [prefix, Buffer.from(html)] as const),
  );
  const published = publishedFiles(clientDir);

  app.use("*", async (c, next) => {
    const file = publishedFile(c.req.path, published);
    if (file === undefined) return next();
    if (!COMPRESSIBLE.test(file) || (c.req.method !== "GET" && c.req.method !== "HEAD")) {
      return sendFile(c, next, clientDir, file, "identity");
    }
    const path = join(clientDir, file);
    const [source, br, gzip] = await Promise.all([statOf(path), statOf(`${path}.br`), statOf(`${path}.gz`)]);
    if (!source) return next();
    // A twin older than its file is left over from an earlier build: the file was rebuilt since, the twin was not.
    // (A copy that does not keep mtimes may make a twin look older: it is then compressed again, never sent stale.)
    const brTwin = br !== undefined && br.mtimeMs >= source.mtimeMs;
    const gzipTwin = gzip !== undefined && gzip.mtimeMs >= source.mtimeMs;
    // A range is of the bytes on disk: the file's or its twin's, never of a compression made now.
    const compressNow = source.size >= MIN_BYTES && !c.req.header("Range");
    const offers: Offer[] = [{ coding: "identity", twin: false }];
    if (brTwin || compressNow) offers.push({ coding: "br", twin: brTwin });
    if (gzipTwin || compressNow) offers.push({ coding: "gzip", twin: gzipTwin });
    const choice = chooseCoding(c.req.header("Accept-Encoding"), offers);
    c.header("Vary", "Accept-Encoding");
    if (choice.coding === "identity" || choice.twin) return sendFile(c, next, clientDir, file, choice.coding);

    let body: NonSharedBuffer;
    try {
      body = await cache.get(file, `${source.size}:${source.mtimeMs}`, choice.coding, () => readFile(path));
    } catch (error) {
      // Removed since it was looked at (a build cleaning up): as if it had never been there.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return next();
      throw error;
    }
    fileHeaders(c, file, choice.coding);
    c.header("Last-Modified", source.mtime.toUTCString());
    c.header("Content-Length", String(body.length));
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(body, 200);
  });

  app.notFound(async (c) => {
    const prefix = notFoundPrefixFor(c.req.path, notFoundPages);
    const page = notFoundPages.get(prefix) ?? Buffer.alloc(0);
    const offers: Offer[] = [{ coding: "identity", twin: false }];
    if (page.length >= MIN_BYTES) offers.push({ coding: "br", twin: false }, { coding: "gzip", twin: false });
    const { coding } = chooseCoding(c.req.header("Accept-Encoding"), offers);
    // The pages are read once at start: one version each.
    const body = coding === "identity" ? page : await cache.get(`404 ${prefix}`, "start", coding, async () => page);
    c.header("Cache-Control", "no-cache");
    c.header("Content-Type", "text/html; charset=utf-8");
    c.header("Vary", "Accept-Encoding");
    if (coding !== "identity") c.header("Content-Encoding", coding);
    return c.body(body, 404);
  });
}

/** Sends `file` as it is on disk, or its twin for `coding`, with Range and HEAD as serveStatic answers them. */
function sendFile(c: Context, next: Next, clientDir: string, file: string, coding: Coding) {
  const served = coding === "identity" ? file : `${file}${TWIN_EXTENSIONS[coding]}`;
  return serveStatic({
    // The path is a published file's, checked above: no decoding or climbing out to guard against here.
    path: join(clientDir, served),
    onFound: (_path, c) => fileHeaders(c, file, coding),
  })(c, next);
}

/** The headers of `file` sent in `coding`: its type (not its twin's), cache lifetime and coding. */
function fileHeaders(c: Context, file: string, coding: Coding): void {
  c.header("Cache-Control", cacheControl(`/${file}`));
  c.header("Content-Type", contentTypeOf(file) ?? getMimeType(file) ?? "application/octet-stream");
  if (coding !== "identity") c.header("Content-Encoding", coding);
}

function statOf(path: string): Promise<Stats | undefined> {
  return stat(path).then(
    (stats) => (stats.isFile() ? stats : undefined),
    () => undefined,
  );
}

/** Each language's 404 page by its path prefix ("/de"), the default language's under "". */
export function notFoundPagesOf(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const { pathPrefix } of locales) {
    const file = join(clientDir, pathPrefix.slice(1), "404.html");
    if (pathPrefix === "" || existsSync(file)) pages.set(pathPrefix, readFileSync(file, "utf8"));
  }
  return pages;
}

/** The 404 page for a request path: its language's, by the path's prefix. */
export function notFoundPageFor(requestPath: string, pages: ReadonlyMap<string, string>): string {
  return pages.get(notFoundPrefixFor(requestPath, pages)) ?? "";
}

/** The prefix of the language whose 404 page a request path gets: "" (the default language's) when none matches. */
function notFoundPrefixFor(requestPath: string, pages: ReadonlyMap<string, unknown>): string {
  for (const prefix of pages.keys()) {
    if (underPrefix(prefix, requestPath)) return prefix;
  }
  return "";
}

/** The site's files as URL paths without the leading slash ("about/index.html"). */
export function publishedFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.add(relative(clientDir, path).split(sep).join("/"));
    }
  };
  walk(clientDir);
  for (const file of [...files]) {
    if (HOST_FILES.has(file) || (TWIN.test(file) && files.has(file.replace(TWIN, "")))) files.delete(file);
  }
  return files;
}

/**
 * The pages of the site, by their path: every published `index.html`
 * ("about/index.html" is "/about", "de/index.html" "/de"). The 404 pages are
 * `404.html`, not pages; the editor is never in the client dir.
 */
export function pagePaths(published: ReadonlySet<string>): Set<string> {
  const pages = new Set<string>();
  for (const file of published) {
    if (file === "index.html") pages.add("/");
    else if (file.endsWith("/index.html")) pages.add(`/${file.slice(0, -"/index.html".length)}`);
  }
  return pages;
}

/** The published file a request path names ("about/index.html" for "/about"), or undefined. */
function publishedFile(requestPath: string, published: ReadonlySet<string>): string | undefined {
  let path: string;
  try {
    path = decodeURI(requestPath).replace(/^\/+/, "");
  } catch {
    return undefined;
  }
  if (published.has(path)) return path;
  const index = path === "" || path.endsWith("/") ? `${path}index.html` : `${path}/index.html`;
  return published.has(index) ? index : undefined;
}

/** Types the generic MIME map gets wrong: the Insights feed is Atom, not plain XML. */
const CONTENT_TYPES: [RegExp, string][] = [[/(?:^|[/\\])feed\.xml(?:\.br|\.gz|\.zst)?$/, ATOM_TYPE]];

export function contentTypeOf(path: string): string | null {
  return CONTENT_TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

export function cacheControl(path: string): string {
  // Scripts, the stylesheet and the social cards carry a content hash in their names.
  if (/[/\\](?:assets|cards)[/\\]/.test(path)) return "public, max-age=31536000, immutable";
  if (/\.(?:html|json)(?:\.br|\.gz)?$/.test(path)) return "no-cache";
  return "public, max-age=3600";
}
