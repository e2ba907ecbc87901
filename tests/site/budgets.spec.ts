// Byte budgets of the first load of every route, from the build in
// dist/client (gzip, default level): HTML, its inline CSS and the JavaScript
// a page loads before any interaction. Deterministic: no timing involved.
import { expect, test } from "@playwright/test";
import {
  budgets,
  builtPages,
  firstLoadAssets,
  gzipSize,
  KiB,
  readBuilt,
  routeOf,
  staticImportClosure,
  sumGzip,
} from "./support/budget.ts";

// Every built page of every language (German under /de/), not a list kept by hand.
const routes = builtPages().map((file) => ({ path: routeOf(file), file }));

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

test("first-load bytes of every route stay within budget", () => {
  const rows = routes.map((r) => {
    const html = readBuilt(r.file);
    const { scripts, stylesheets, inlineCss } = firstLoadAssets(html.toString("utf8"));
    const js = staticImportClosure(scripts);
    return {
      route: r.path,
      file: r.file,
      html: gzipSize(html),
      css: gzipSize(inlineCss),
      stylesheets: stylesheets.length,
      listedJs: sumGzip(scripts),
      js: sumGzip(js),
      scripts: scripts.length,
      modules: js.length,
      unlisted: js.filter((url) => !scripts.includes(url)),
    };
  });

  const header = ["route", "HTML gz", "inline CSS gz", "JS gz (listed)", "JS gz (with static imports)", "modules"];
  const lines = rows.map((row) => [
    row.route,
    kib(row.html),
    kib(row.css),
    `${kib(row.listedJs)} (${row.scripts})`,
    kib(row.js),
    String(row.modules),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? "").length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ");
  console.log(
    [
      `budgets: HTML ${kib(budgets.html)}, CSS ${kib(budgets.css)}, JS ${kib(budgets.js)} (gzip)`,
      format(header),
      ...lines.map(format),
      ...rows
        .filter((row) => row.unlisted.length > 0)
        .map((row) => `${row.route}: imported but not preloaded: ${row.unlisted.join(", ")}`),
    ].join("\n"),
  );

  for (const row of rows) {
    expect.soft(row.scripts, `${row.route}: at least the client entry is loaded`).toBeGreaterThan(0);
    // The whole stylesheet is inline: nothing to fetch before the first paint, nothing restyles later.
    expect.soft(row.stylesheets, `${row.route}: stylesheets fetched`).toBe(0);
    expect.soft(row.css, `${row.route}: inline CSS`).toBeGreaterThan(KiB);
    expect.soft(row.html, `${row.route} HTML gzip bytes`).toBeLessThanOrEqual(budgets.html);
    expect.soft(row.css, `${row.route} CSS gzip bytes`).toBeLessThanOrEqual(budgets.css);
    // The modules a page needs at start-up, whether or not the HTML lists them.
    expect.soft(row.js, `${row.route} first-load JS gzip bytes`).toBeLessThanOrEqual(budgets.js);
  }
});

test("the lazy chunks (hover hints, phone menu) are not part of any first load", () => {
  const all = new Set(
    routes.flatMap((r) => staticImportClosure(firstLoadAssets(readBuilt(r.file).toString("utf8")).scripts)),
  );
  const lazy = [...all].filter((url) => /radix/.test(readBuilt(url.slice(1)).toString("utf8")));
  expect(lazy).toEqual([]);
});
