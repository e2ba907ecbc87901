import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { underPrefix } from "../schemas/locale-paths.ts";
import { ATOM_TYPE } from "../security/headers.ts";
import { locales } from "../site/generated/locales.ts";

/** Pre-compressed twins: served in place of their file when the client accepts them, never by their own name. */
const TWIN = /\.(?:br|gz|zst)$/;
/** Build output for static hosts, not for visitors. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

/**
 * Serves the pre-rendered site: hashed assets cached forever, HTML always
 * revalidated, pre-compressed .br/.gz files when the client accepts them,
 * and a 404 page with status 404 for every unknown path: the language's own
 * (/de/404.html) under its prefix, 404.html elsewhere.
 *
 * Only files the build meant to publish are served: the list is read from
 * the client dir once at start (`publishedFiles`), so a dotfile (`.vite/`,
 * `.env`), `_headers` or a `.br`/`.gz` twin asked for by name is a 404.
 */
export function mountStatic(app: Hono, clientDir: string): void {
  const notFoundPages = notFoundPagesOf(clientDir);
  const published = publishedFiles(clientDir);
  const serve = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (path, c) => {
      c.header("Cache-Control", cacheControl(path));
      const type = contentTypeOf(path);
      if (type) c.header("Content-Type", type);
    },
  });

  app.use("*", async (c, next) => {
    if (!isPublished(c.req.path, published)) return next();
    return serve(c, next);
  });

  app.notFound((c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(notFoundPageFor(c.req.path, notFoundPages), 404);
  });
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
  for (const [prefix, html] of pages) {
    if (underPrefix(prefix, requestPath)) return html;
  }
  return pages.get("") ?? "";
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

/** Whether a request path names a published file, or a folder whose index.html is one. */
export function isPublished(requestPath: string, published: ReadonlySet<string>): boolean {
  let path: string;
  try {
    path = decodeURI(requestPath).replace(/^\/+/, "");
  } catch {
    return false;
  }
  if (published.has(path)) return true;
  return published.has(path === "" || path.endsWith("/") ? `${path}index.html` : `${path}/index.html`);
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
