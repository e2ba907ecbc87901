// @ts-check
// A rendered page's final HTML, made in the render pass (engine/render-worker.mjs)
// from the string renderPage returned: the page paints from its own HTML, in
// one round trip, and adds behaviour after its first paint.
//
// 1. What the page's HTML uses of the stylesheet (critical-css.mjs) is inlined
//    in a <style> right after <meta charset>: the page paints styled from its
//    own HTML. The <link> to the whole stylesheet stays, disabled: a disabled
//    stylesheet is not fetched before the first paint; site/after-paint.js
//    enables it after that (for the states script adds: the menu dialog, hover
//    hints, form errors, the scrolled header; and the other pages), and a
//    client-side navigation waits for it. Vite's preloader, which adds a lazy
//    module's stylesheet unless a <link> to it is on the page, sees it.
// 2. The page is written out as HTML rather than React's XML-ish HTML: void
//    elements without "/>", attribute names in lower case (autocomplete, not
//    autoComplete; SVG keeps viewBox), boolean attributes without a value. The
//    browser builds the same DOM either way; html-validate's recommended rules
//    (tests/site/html-validity.spec.ts) ask for this form. html-form.mjs
//    writes it in one pass over the string, without a parse; htmlparser2 and
//    dom-serializer, the reference it matches byte for byte, write the pages
//    it does not follow (BUILD_HTML_CHECK=1 checks every page against it).
// 3. What adds behaviour waits for the first frame: Vike's client entry and the
//    module preloads move into an inert <template id="after-paint">, which
//    site/after-paint.js inserts after the first paint. The preloads are
//    listed dependencies first, so that it can evaluate them one per task.
//    The loader itself is inline (security/after-paint.js): as a file it was
//    a request at high priority before the first paint, which the page
//    without scripts does not make (docs/quality.md, "LCP").
//
// That loader is the one inline script: the Content-Security-Policy allows
// it by the hash of its text (security/headers.ts), and no other.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import render from "dom-serializer";
import { parseDocument } from "htmlparser2";
import { CLIENT_DIR as client, dependenciesFirst } from "../scripts/lib/first-load.js";
import { afterPaintLoader } from "../security/after-paint.js";
import { criticalCss } from "./critical-css.mjs";
import { htmlForm } from "./html-form.mjs";

/** The engine's tests set it: every page written both ways, and any difference an error. */
const checkHtmlForm = process.env.BUILD_HTML_CHECK === "1";

/** @typedef {(what: string) => never} Fail Throws a located error about the page being finished. */

/**
 * Removes every match of `pattern` from `html`; returns the new HTML and what was removed.
 * @param {string} html @param {RegExp} pattern @returns {[html: string, removed: string[]]}
 */
function take(html, pattern) {
  /** @type {string[]} */
  const found = [];
  const rest = html.replace(pattern, (tag) => {
    found.push(tag);
    return "";
  });
  return [rest, found];
}

/** @type {Map<string, string>} */
const stylesheets = new Map();
/**
 * The stylesheet's text, read once per thread; `</style` cannot occur in minified CSS, but is refused anyway.
 * @param {string} href @param {Fail} fail
 */
function stylesheet(href, fail) {
  let inline = stylesheets.get(href);
  if (inline === undefined) {
    const css = readFileSync(join(client, href.replace(/^\//, "")), "utf8").trim();
    if (/<\/style/i.test(css)) fail(`${href} contains "</style"`);
    // The stylesheet ends with a sourceMappingURL comment only in source-map builds; it means nothing inline.
    inline = css.replace(/\/\*# sourceMappingURL=[^*]*\*\/$/, "").trim();
    stylesheets.set(href, inline);
  }
  return inline;
}

/** @type {Map<string, string[]>} */
const orders = new Map();
/**
 * The module preloads, dependencies first; the same few lists recur on every page of a template.
 * @param {string[]} hrefs @param {Fail} fail
 */
function preloadOrder(hrefs, fail) {
  const key = hrefs.join("\n");
  let order = orders.get(key);
  if (order === undefined) {
    order = dependenciesFirst(hrefs);
    if (order.length !== hrefs.length) fail("module preloads changed while ordering them");
    orders.set(key, order);
  }
  return order;
}

/**
 * The final HTML of the page `name` (a URL, for errors) from what renderPage
 * returned, and whether html-form.mjs left it to the reference parser (the
 * build counts those pages: each costs several times the pass).
 * @param {string} html
 * @param {string} name
 * @returns {{ page: string, byReference: boolean }}
 */
export function finalHtml(html, name) {
  /** @type {Fail} */
  const fail = (what) => {
    throw new Error(`final HTML of ${name}: ${what}`);
  };
  let links;
  let entries;
  let preloads;
  [html, links] = take(html, /<link rel="stylesheet"[^>]*>/g);
  [html, entries] = take(html, /<script src="[^"]+" type="module" async><\/script>/g);
  [html, preloads] = take(html, /<link rel="modulepreload"[^>]*>/g);
  const [link] = links;
  if (link === undefined || links.length !== 1) fail(`expected one stylesheet link, found ${links.length}`);
  if (entries.length !== 1) fail(`expected one client entry script, found ${entries.length}`);
  const cssHref = link.match(/href="([^"]+)"/)?.[1] ?? fail("the stylesheet link has no href");
  const style = `<style>${criticalCss(stylesheet(cssHref, fail), html)}</style>\n<link rel="stylesheet" href="${cssHref}" disabled>`;

  // <meta charset> must stay within the first 1024 bytes; the style goes right after it.
  const charset = html.match(/<meta charset="[^"]*"\s*\/?>/)?.[0] ?? fail("no <meta charset>");
  html = html.replace(charset, () => `${charset}\n${style}`);
  // Vike's page template indents with trailing spaces; they mean nothing in HTML.
  html = html.replace(/[ \t]+$/gm, "");
  // An <svg> in HTML is in the SVG namespace by the parser's rules: React's (lucide's) xmlns repeats it.
  html = html.replaceAll('<svg xmlns="http://www.w3.org/2000/svg"', "<svg");

  const end = html.lastIndexOf("</body>");
  if (end < 0) fail("no </body>");
  // Dependencies first: site/after-paint.js evaluates the modules in this order, one per task.
  /** @param {string} tag */
  const href = (tag) => tag.match(/href="([^"]+)"/)?.[1] ?? fail(`no href in ${tag}`);
  const byHref = new Map(preloads.map((tag) => [href(tag), tag]));
  const order = preloadOrder(preloads.map(href), fail);
  // In the inert template a preload is only its href (site/after-paint.js reads nothing else):
  // `as="script"` is a module preload's default and `type` means nothing on a <link>.
  /** @param {string} tag */
  const bare = (tag) => tag.replace(' as="script" type="text/javascript"', "");
  const deferred = [
    ...order.map((url) => bare(byHref.get(url) ?? fail(`no module preload for ${url}`))),
    ...entries,
  ].join("\n");
  const { code } = afterPaintLoader();
  const tail = `<template id="after-paint">\n${deferred}\n</template>\n<script type="module">${code}</script>\n`;
  const written = asHtml(`${html.slice(0, end)}${tail}${html.slice(end)}`, fail);
  // The CSP allows the loader by the hash of its text: written out again, it must be byte for byte the same.
  if (!written.page.includes(`<script type="module">${code}</script>`))
    fail("the inline loader changed when written out");
  return written;
}

/**
 * Written out as HTML (see 2. above); text stays UTF-8, not entities. `byReference`: by the reference parser.
 * @param {string} html @param {Fail} fail @returns {{ page: string, byReference: boolean }}
 */
function asHtml(html, fail) {
  const written = htmlForm(html);
  if (checkHtmlForm) {
    const reference = referenceForm(html);
    if (written === null) fail("html-form.mjs left the page to the reference parser (BUILD_HTML_CHECK)");
    if (written !== reference) {
      let at = 0;
      while (written[at] === reference[at]) at++;
      fail(
        `html-form.mjs wrote ${JSON.stringify(written.slice(at, at + 60))} where the reference writes ${JSON.stringify(reference.slice(at, at + 60))} (BUILD_HTML_CHECK)`,
      );
    }
  }
  return written === null ? { page: referenceForm(html), byReference: true } : { page: written, byReference: false };
}

/**
 * The reference: parsed by htmlparser2 and written out by dom-serializer.
 * @param {string} html
 */
export function referenceForm(html) {
  return render(parseDocument(html), { encodeEntities: "utf8" });
}
