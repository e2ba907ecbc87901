// Printed at the end of `npm run build`: what each pre-rendered page costs on
// its first load — its HTML, the CSS inlined in it (counted again on its own)
// and the JavaScript it loads before any interaction — gzip (as the budgets
// count it) and brotli (as the server sends it). Lazy chunks are listed apart.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  brotliSize,
  budgets,
  builtPages,
  CLIENT_DIR,
  firstLoadAssets,
  gzipSize,
  KiB,
  readBuilt,
  routeOf,
  staticImportClosure,
  sumBrotli,
  sumGzip,
} from "./lib/first-load.js";

function scripts(dir) {
  return readdirSync(join(CLIENT_DIR, dir))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/${dir}/${name}`);
}

const kib = (bytes) => (bytes / KiB).toFixed(1);
const rows = builtPages()
  .map((file) => {
    const html = readBuilt(file);
    const { scripts: listed, stylesheets, inlineCss } = firstLoadAssets(html.toString("utf8"));
    const js = staticImportClosure(listed);
    return {
      route: routeOf(file),
      html: [gzipSize(html), brotliSize(html)],
      // Inline, part of the HTML's bytes; an external stylesheet would be on top.
      css: [gzipSize(inlineCss) + sumGzip(stylesheets), brotliSize(inlineCss) + sumBrotli(stylesheets)],
      js: [sumGzip(js), sumBrotli(js)],
      modules: js,
    };
  })
  .sort((a, b) => (a.route === "404" ? 1 : b.route === "404" ? -1 : a.route.localeCompare(b.route)));

const over = (bytes, budget) => (bytes > budget ? " OVER" : "");
const header = ["route", "HTML gz", "HTML br", "CSS gz", "CSS br", "JS gz", "JS br", "modules"];
const lines = rows.map((row) => [
  row.route,
  kib(row.html[0]) + over(row.html[0], budgets.html),
  kib(row.html[1]),
  kib(row.css[0]) + over(row.css[0], budgets.css),
  kib(row.css[1]),
  kib(row.js[0]) + over(row.js[0], budgets.js),
  kib(row.js[1]),
  String(row.modules.length),
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
const format = (cells) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");

const firstLoad = new Set(rows.flatMap((row) => row.modules));
const lazy = [...scripts("assets/chunks"), ...scripts("assets/entries")].filter((url) => !firstLoad.has(url));
const lazyGz = lazy.map((url) => [url, gzipSize(readBuilt(url.slice(1)))]).sort((a, b) => b[1] - a[1]);

console.log(
  [
    "",
    `first load per route, KiB (budgets, gzip: HTML ${kib(budgets.html)}, CSS ${kib(budgets.css)}, JS ${kib(budgets.js)}; the CSS is inline, so also counted in HTML)`,
    format(header),
    ...lines.map(format),
    `loaded later, on idle or first use (${lazy.length} chunks, ${kib(lazyGz.reduce((t, [, b]) => t + b, 0))} KiB gz): ` +
      lazyGz
        .filter(([, bytes]) => bytes >= KiB)
        .map(([url, bytes]) => `${url.split("/").pop()} ${kib(bytes)}`)
        .join(", "),
  ].join("\n"),
);
