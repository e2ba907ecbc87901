// Post-build step, after `vike build` and before compress.mjs: makes every
// pre-rendered page paint from its own HTML, in one round trip.
//
// 1. The stylesheet is inlined in a <style> right after <meta charset>, whole:
//    it is small (about 6 KiB gzip), so every state (the menu dialog, hover
//    hints, form errors, the scrolled header, the other pages after a
//    client-side navigation) is styled from the start, and no second
//    stylesheet ever arrives to restyle the page. The <link> stays, disabled:
//    a disabled stylesheet is not fetched, and Vite's preloader, which adds a
//    lazy module's stylesheet unless a <link> to it is on the page, sees it.
// 2. The page is written out as HTML rather than React's XML-ish HTML: void
//    elements without "/>", attribute names in lower case (autocomplete, not
//    autoComplete; SVG keeps viewBox), boolean attributes without a value. The
//    browser builds the same DOM either way; html-validate's recommended rules
//    (tests/e2e/html-validity.spec.ts) ask for this form.
// 3. What adds behaviour waits for the first frame: Vike's client entry and the
//    module preloads move into an inert <template id="after-paint">, which
//    site/after-paint.js inserts after the first paint. The preloads are
//    listed dependencies first, so that it can evaluate them one per task.
//
// No inline script is added: the Content-Security-Policy allows none.
//
// The pages are independent: with many of them (thousands of articles) they
// are transformed on every core (scripts/lib/pool.mjs).
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { builtPages, CLIENT_DIR as client } from "./lib/first-load.js";
import { runOnAllCores } from "./lib/pool.mjs";

const loaderSource = new URL("../site/after-paint.js", import.meta.url);

/** The loader, under a content hash: cached for good, like Vike's own assets. */
async function writeLoader() {
  const code = await readFile(loaderSource);
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const url = `/assets/entries/after-paint.${hash}.js`;
  await mkdir(join(client, "assets/entries"), { recursive: true });
  await writeFile(join(client, url), code);
  return url;
}

const loaderUrl = await writeLoader();
const files = builtPages();
await runOnAllCores(new URL("./lib/critical-path-page.mjs", import.meta.url), files, { loaderUrl });
console.log(`critical path: stylesheet inlined, scripts after first paint (${files.length} pages)`);
