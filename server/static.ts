import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";

/**
 * Serves the pre-rendered site: hashed assets cached forever, HTML always
 * revalidated, pre-compressed .br/.gz files when the client accepts them,
 * and 404.html with status 404 for every unknown path.
 */
export function mountStatic(app: Hono, clientDir: string): void {
  const notFoundHtml = readFileSync(join(clientDir, "404.html"), "utf8");

  app.use(
    "*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (path, c) => {
        c.header("Cache-Control", cacheControl(path));
      },
    }),
  );

  app.notFound((c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(notFoundHtml, 404);
  });
}

export function cacheControl(path: string): string {
  if (/[/\\]assets[/\\]/.test(path)) return "public, max-age=31536000, immutable";
  if (/\.(?:html|json)(?:\.br|\.gz)?$/.test(path)) return "no-cache";
  return "public, max-age=3600";
}
