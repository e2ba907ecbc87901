// The per-page work of scripts/critical-path.mjs (see there): inline the
// stylesheet, write plain HTML, defer the scripts to after the first paint.
// Run on a slice of the pages, in a worker thread when there are many.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import render from "dom-serializer";
import { parseDocument } from "htmlparser2";
import { CLIENT_DIR as client, dependenciesFirst } from "./first-load.js";

/** Removes every match of `pattern` from `html`; returns the new HTML and what was removed. */
function take(html, pattern) {
  const found = html.match(pattern) ?? [];
  for (const tag of found) html = html.replace(tag, "");
  return [html, found];
}

const stylesheets = new Map();
/** The stylesheet's text, read once; `</style` cannot occur in minified CSS, but is refused anyway. */
async function stylesheet(href, fail) {
  if (!stylesheets.has(href)) {
    const css = (await readFile(join(client, href.replace(/^\//, "")), "utf8")).trim();
    if (/<\/style/i.test(css)) fail(`${href} contains "</style"`);
    // The stylesheet ends with a sourceMappingURL comment only in source-map builds; it means nothing inline.
    stylesheets.set(href, css.replace(/\/\*# sourceMappingURL=[^*]*\*\/$/, "").trim());
  }
  return stylesheets.get(href);
}

export async function transform(html, loaderUrl, name) {
  const fail = (what) => {
    throw new Error(`critical-path: ${name}: ${what}`);
  };
  let links;
  let entries;
  let preloads;
  [html, links] = take(html, /<link rel="stylesheet"[^>]*>/g);
  [html, entries] = take(html, /<script src="[^"]+" type="module" async><\/script>/g);
  [html, preloads] = take(html, /<link rel="modulepreload"[^>]*>/g);
  if (links.length !== 1) fail(`expected one stylesheet link, found ${links.length}`);
  if (entries.length !== 1) fail(`expected one client entry script, found ${entries.length}`);
  const cssHref = links[0].match(/href="([^"]+)"/)?.[1] ?? fail("the stylesheet link has no href");
  const style = `<style>${await stylesheet(cssHref, fail)}</style>\n<link rel="stylesheet" href="${cssHref}" disabled>`;

  // <meta charset> must stay within the first 1024 bytes; the style goes right after it.
  const charset = html.match(/<meta charset="[^"]*"\s*\/?>/)?.[0] ?? fail("no <meta charset>");
  html = html.replace(charset, () => `${charset}\n${style}`);
  // Vike's page template indents with trailing spaces; they mean nothing in HTML.
  html = html.replace(/[ \t]+$/gm, "");

  const end = html.lastIndexOf("</body>");
  if (end < 0) fail("no </body>");
  // Dependencies first: site/after-paint.js evaluates the modules in this order, one per task.
  const href = (tag) => tag.match(/href="([^"]+)"/)?.[1] ?? fail(`no href in ${tag}`);
  const order = dependenciesFirst(preloads.map(href));
  if (order.length !== preloads.length) fail("module preloads changed while ordering them");
  const byHref = new Map(preloads.map((tag) => [href(tag), tag]));
  const deferred = [...order.map((url) => byHref.get(url)), ...entries].join("\n");
  const loader = `<script src="${loaderUrl}" type="module" async></script>`;
  const tail = `<template id="after-paint">\n${deferred}\n</template>\n${loader}\n`;
  return asHtml(`${html.slice(0, end)}${tail}${html.slice(end)}`);
}

/** Parsed and written out again as HTML (see 2. above); text stays UTF-8, not entities. */
function asHtml(html) {
  return render(parseDocument(html), { encodeEntities: "utf8" });
}

/** Transforms `files` (relative to dist/client) in place; returns how many. */
export async function run(files, { loaderUrl }) {
  for (const file of files) {
    const path = join(client, file);
    await writeFile(path, await transform(await readFile(path, "utf8"), loaderUrl, file));
  }
  return files.length;
}
