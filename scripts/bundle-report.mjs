// Printed at the end of `npm run build`: what each pre-rendered page costs on
// its first load — its HTML, the CSS inlined in it (counted again on its own)
// and the JavaScript it loads before any interaction — gzip (as the budgets
// count it) and brotli (as the server sends it), both computed here.
// Lazy chunks are listed apart. Many pages of one template (the articles) are
// one row, measured on the largest few: the report does not read every page.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  brotliSize,
  brotliSizeOf,
  budgets,
  builtPages,
  CLIENT_DIR,
  firstLoadAssets,
  gzipSize,
  gzipSizeOf,
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

/** Pages under one folder beyond this many (articles, list pages) are reported as one row. */
const GROUP_MIN = 12;
/** In such a row, the pages measured: the largest by gzip bytes (the .gz twins of --precompress), else by raw bytes. */
const MEASURED = 3;

/**
 * Routes grouped by template: "/insights/*" for the articles when there are
 * many, otherwise one route per row. Grouping only stats files, so the
 * report costs the same for 10 pages as for 10,000.
 */
function groups(files) {
  const parentOf = (route) => route.slice(0, route.lastIndexOf("/")) || "/";
  const perParent = new Map();
  for (const file of files) {
    const parent = parentOf(routeOf(file));
    perParent.set(parent, (perParent.get(parent) ?? 0) + 1);
  }
  const grouped = new Map();
  for (const file of files) {
    const route = routeOf(file);
    const parent = parentOf(route);
    const key = route !== "404" && (perParent.get(parent) ?? 0) > GROUP_MIN ? `${parent}/*` : route;
    grouped.set(key, [...(grouped.get(key) ?? []), file]);
  }
  return grouped;
}

/** A page's gzip size from its .gz twin (level 6, as the budgets count), or its raw size where the build wrote none (no --precompress). */
function compressedSize(file) {
  const twin = join(CLIENT_DIR, `${file}.gz`);
  return existsSync(twin) ? statSync(twin).size : statSync(join(CLIENT_DIR, file)).size;
}

const kib = (bytes) => (bytes / KiB).toFixed(1);
const cssSizes = new Map();
const closures = new Map();

function measure(file) {
  const html = readBuilt(file);
  const { scripts: listed, stylesheets, inlineCss } = firstLoadAssets(html.toString("utf8"));
  if (!cssSizes.has(inlineCss)) cssSizes.set(inlineCss, [gzipSize(inlineCss), brotliSize(inlineCss)]);
  const key = listed.join(" ");
  if (!closures.has(key)) closures.set(key, staticImportClosure(listed));
  const js = closures.get(key);
  const [cssGz, cssBr] = cssSizes.get(inlineCss);
  return {
    html: [gzipSizeOf(`/${file}`), brotliSizeOf(`/${file}`)],
    // Inline, part of the HTML's bytes; an external stylesheet would be on top.
    css: [cssGz + sumGzip(stylesheets), cssBr + sumBrotli(stylesheets)],
    js: [sumGzip(js), sumBrotli(js)],
    modules: js,
  };
}

const rows = [...groups(builtPages())]
  .flatMap(([route, files]) => {
    if (files.length === 1) return [{ route, ...measure(files[0]) }];
    const largest = files
      .map((file) => [file, compressedSize(file)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, MEASURED)
      .map(([file]) => measure(file));
    const worst = (pick) => largest.reduce((a, b) => (pick(b)[0] > pick(a)[0] ? b : a));
    return [
      {
        route: `${route} (largest ${largest.length} of ${files.length.toLocaleString("en")})`,
        html: worst((r) => r.html).html,
        css: worst((r) => r.css).css,
        js: worst((r) => r.js).js,
        modules: [...new Set(largest.flatMap((r) => r.modules))],
      },
    ];
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
const lazyGz = lazy.map((url) => [url, gzipSizeOf(url)]).sort((a, b) => b[1] - a[1]);

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
