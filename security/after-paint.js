// The one script a page carries inline: site/after-paint.js, which starts
// what adds behaviour after the first paint. Inline, it costs the page no
// request before its first paint (an external script, even async, is fetched
// at high priority while the page loads; docs/quality.md, "LCP"). The
// Content-Security-Policy allows exactly this text by its SHA-256 hash, so
// no other inline script runs ('unsafe-inline' stays out).
//
// The one source is site/after-paint.js; everything that needs the text or
// the hash asks this module: the pages (engine/page-html.mjs), the
// server's headers (server/app.ts), the `_headers` file of the build that
// static hosts and the nginx configuration read (engine/bundle.mjs →
// site/lib/seo-files.ts → deploy/nginx/render.js), and the tests.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where the loader's source is. */
export const AFTER_PAINT_SOURCE = fileURLToPath(new URL("../site/after-paint.js", import.meta.url));

let loader;
/**
 * The loader as pages carry it: site/after-paint.js without its comment
 * lines and blank lines (its comments document it here; the page needs only
 * the code), and its CSP source expression, 'sha256-…' of exactly that text.
 * @returns {{ code: string, hash: string }}
 */
export function afterPaintLoader() {
  if (!loader) {
    const code = readFileSync(AFTER_PAINT_SOURCE, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(?:\/\/.*|\/\*\*.*\*\/)?\s*$/.test(line))
      .join("\n");
    if (/<\/script|<!--/i.test(code))
      throw new Error(`${AFTER_PAINT_SOURCE} cannot be inlined: it contains </script or <!--`);
    loader = { code, hash: `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'` };
  }
  return loader;
}
