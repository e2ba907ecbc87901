// `node scripts/bench-critical-css.mjs`: the build's critical-CSS step
// (engine/critical-css.mjs) against beasties, the well-kept library for
// the job, on every page of the last build (`npm run build` first). beasties is
// not a dependency: install it for the run (`npm install --no-save beasties`).
// Prints the median of 5 runs over all pages for each, and the ratio.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../dist/client/", import.meta.url).pathname;
let Beasties;
try {
  ({ default: Beasties } = await import("beasties"));
} catch {
  console.error("beasties is not installed: npm install --no-save beasties, then run this again");
  process.exit(2);
}
const cssDir = join(root, "assets/static");
const cssFile = readdirSync(cssDir).find((name) => name.endsWith(".css"));
if (!cssFile) throw new Error(`no stylesheet in ${cssDir}: run npm run build first`);
const css = readFileSync(join(cssDir, cssFile), "utf8");
const pages = readdirSync(root, { recursive: true })
  .map(String)
  .filter((path) => path.endsWith("index.html"));
// A page as the step gets it: without its inlined subset, the stylesheet's link enabled.
const inputs = pages.map((path) =>
  readFileSync(join(root, path), "utf8")
    .replace(/<style>[\s\S]*?<\/style>\n?/, "")
    .replace(/ disabled>/, ">"),
);

/** @param {() => Promise<void> | void} run */
async function median(run) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}
const line = (label, ms) =>
  console.log(`${label}: ${ms.toFixed(0)} ms for ${inputs.length} pages, ${(ms / inputs.length).toFixed(2)} ms a page`);

let fresh = 0;
const cold = await median(async () => {
  // A fresh module: its per-vocabulary cache starts empty, as in a cold build's first thread.
  const { criticalCss } = await import(`../engine/critical-css.mjs?fresh=${fresh++}`);
  for (const html of inputs) criticalCss(css, html);
});
line("critical-css.mjs, cache empty at the start", cold);
const { criticalCss } = await import("../engine/critical-css.mjs");
const warm = await median(() => {
  for (const html of inputs) criticalCss(css, html);
});
line("critical-css.mjs, each template's subset computed (a build's later pages)", warm);
const beasties = new Beasties({ path: root, logLevel: "silent", preload: false, pruneSource: false });
const library = await median(async () => {
  for (const html of inputs) await beasties.process(html);
});
line("beasties", library);
console.log(
  `beasties / critical-css.mjs: ${(library / cold).toFixed(1)} × (cache empty), ${(library / warm).toFixed(1)} × (warm)`,
);
