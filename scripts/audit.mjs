// `npm run audit`: builds the site, serves it with the production server and
// runs Lighthouse on every pre-rendered page of every language (German under
// /de/, its 404 page at an unknown /de/ address) with the mobile and the desktop
// preset (Lighthouse's defaults: simulated throttling), 3 runs each. Writes
// reports/<page>-<preset>.html (the median run) and reports/summary.json,
// prints a table, and exits 1 when a target is missed.
//
// With the mobile preset, every run of a route is followed by a run of the
// same route without JavaScript (every script, module preload and template
// removed: scripts/lib/zero-js.js), so each route is compared with its own
// floor in the same run, on the same machine: the LCP ratio and the blocking
// time of both. Lighthouse's CPU benchmark index is printed with every
// absolute figure; the ratios are what carries over between machines.
// --skip-compare leaves the zero-JavaScript runs out.
//
// --against <dir>: another build's client folder (an older commit's
// dist/client, built in its own checkout). Every run of a route is followed by
// a run of the same route of that build, both builds served by the same plain
// static server (scripts/lib/serve-build.js, serveStatic), so only the builds
// differ; the zero-JavaScript runs are left out. Prints per route both
// builds' performance score, LCP and TBT (medians) and the TBT ratio, with
// Lighthouse's benchmark index. Routes the other build lacks are skipped.
//
//   npm run audit -- --skip-build --runs 1 --preset mobile --route /about
//   npm run audit -- --skip-build --preset mobile --against ../old/dist/client
//
// Chromium: CHROME_PATH, else /usr/bin/chromium when present, else whatever
// chrome-launcher finds.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ReportGenerator } from "lighthouse/report/generator/report-generator.js";
import { chromiumFlags, chromiumPath } from "./lib/chromium.js";
import { builtPages, routeOf } from "./lib/first-load.js";
import { serveBuild, serveStatic, serveWithoutScripts } from "./lib/serve-build.js";
import { withoutScripts } from "./lib/zero-js.js";

const root = new URL("..", import.meta.url).pathname;
const clientDir = join(root, "dist/client");
const reportsDir = join(root, "reports");

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    "skip-compare": { type: "boolean", default: false },
    against: { type: "string" },
    runs: { type: "string", default: "3" },
    preset: { type: "string", multiple: true },
    route: { type: "string", multiple: true },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive whole number, got ${args.runs}`);

/** Lighthouse's presets: mobile is its default config, desktop its desktop config. */
const presets = [
  { name: "mobile", config: undefined },
  { name: "desktop", config: desktopConfig },
].filter((p) => !args.preset || args.preset.includes(p.name));
if (presets.length === 0) fail("--preset must be mobile or desktop");

/** The targets, for the mobile preset; `seo` does not apply to pages that ask not to be indexed. */
const targets = { score: 100, lcp: 1000, tbt: 50, cls: 0 };
/** Issue 33: LCP at most this many times the same page's without JavaScript (reported, not enforced: it is a timing). */
const lcpRatioTarget = 1.15;
const categories = ["performance", "accessibility", "best-practices", "seo"];

if (!args["skip-build"]) {
  console.log("▶ building: npm run build");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) fail("the build failed");
}
if (!existsSync(join(clientDir, "index.html"))) fail("no build in dist/client: run without --skip-build");
const againstDir = args.against === undefined ? undefined : resolve(args.against);
if (againstDir && !existsSync(join(againstDir, "index.html")))
  fail(`--against ${args.against}: no index.html there (give a built site's client folder, such as dist/client)`);

const pages = auditedPages().filter((p) => !args.route || args.route.includes(p.path));
if (pages.length === 0) fail(`no built page matches --route ${args.route?.join(", ")}`);
if (againstDir) {
  const lacking = pages.filter((p) => !existsSync(join(againstDir, p.file)));
  for (const page of lacking) console.log(`--against: ${page.path} skipped, the other build has no ${page.file}`);
  pages.splice(0, pages.length, ...pages.filter((p) => !lacking.includes(p)));
  if (pages.length === 0) fail("--against: the other build has none of these pages");
}

const chromePath = process.env.CHROME_PATH || chromiumPath;
if (chromePath && !existsSync(chromePath)) fail(`CHROME_PATH is ${chromePath}, which does not exist`);
// With --against, both builds from the same plain static server; else the production server.
const server = againstDir ? await serveStatic(clientDir) : await serveBuild(fail);
const { origin } = server;
const other = againstDir ? await serveStatic(againstDir) : undefined;
const zeroJs = args["skip-compare"] || other ? undefined : await serveWithoutScripts(origin, withoutScripts);
let chrome;
// Whatever ends the run (a failure, Ctrl-C), the servers and Chromium go with it.
process.on("exit", () => {
  chrome?.kill();
  server.stop();
  zeroJs?.stop();
  other?.stop();
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });
const rows = await auditAll();
writeFileSync(join(reportsDir, "summary.json"), `${JSON.stringify(summary(rows), null, 2)}\n`);
const missed = printTable(rows);
printComparison(rows);
printAgainst(rows);
console.log(
  `\nreports: ${relative(process.cwd(), reportsDir) || "."}${sep} (an HTML report per page and preset, summary.json)`,
);
process.exit(missed > 0 ? 1 : 0);

/** Every page in the build: index.html files are routes, 404.html is what an unknown path gets. */
function auditedPages() {
  // Every language's pages (German under /de/); a language's 404 page (de/404.html)
  // is what an unknown address under its prefix gets, with status 404.
  const found = builtPages().map((file) => {
    const route = routeOf(file);
    if (route === "404") return { path: route, url: "/this-page-does-not-exist", file, status: 404 };
    if (file.endsWith("/404.html")) {
      const prefix = `/${file.slice(0, -"/404.html".length)}`;
      return { path: `${prefix}/404`, url: `${prefix}/this-page-does-not-exist`, file, status: 404 };
    }
    return { path: route, url: route, file, status: 200 };
  });
  const order = (page) => (page.path === "/" ? 0 : page.status === 404 ? 2 : 1);
  found.sort((a, b) => order(a) - order(b) || a.path.localeCompare(b.path));
  return found.map((page) => {
    const html = readFileSync(join(clientDir, page.file), "utf8");
    const noindex = /<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html);
    const name = page.path === "/" ? "home" : page.path.replace(/^\//, "").replaceAll("/", "-");
    // A page that asks not to be indexed, or answers 404, cannot score 100 in SEO, by design.
    const seoExempt = page.status !== 200 ? "answers 404 on purpose" : noindex ? "noindex on purpose" : undefined;
    // Chromium logs a page's own 404 status as a console error, which Best Practices counts.
    const consoleExempt =
      page.status !== 200 ? "the browser logs the page's own 404 status as a console error" : undefined;
    return { ...page, name, seoExempt, consoleExempt };
  });
}

async function auditAll() {
  const rows = [];
  const total = presets.length * pages.length * runs;
  let done = 0;
  for (const preset of presets) {
    for (const page of pages) {
      const results = [];
      const zeroResults = [];
      const otherResults = [];
      const compare = zeroJs !== undefined && preset.name === "mobile";
      for (let run = 1; run <= runs; run++) {
        const started = Date.now();
        const lhr = await auditOnce(page, preset, origin);
        results.push(lhr);
        done++;
        const f = figures(lhr);
        let zeroText = "";
        if (compare) {
          // Straight after, in the same conditions: the same page without JavaScript.
          const z = figures(await auditOnce(page, preset, zeroJs.origin));
          zeroResults.push(z);
          zeroText = `  no JS: LCP ${seconds(z.lcp)} (×${(f.lcp / z.lcp).toFixed(2)}) TBT ${Math.round(z.tbt)} ms`;
        }
        if (other) {
          // Straight after, in the same conditions: the same route of the other build.
          const o = figures(await auditOnce(page, preset, other.origin));
          otherResults.push(o);
          zeroText = `  other build: ${o.performance} LCP ${seconds(o.lcp)} TBT ${Math.round(o.tbt)} ms (CPU benchmark ${Math.round(o.benchmark)})`;
        }
        console.log(
          `[${String(done).padStart(String(total).length)}/${total}] ${preset.name.padEnd(7)} ${page.path.padEnd(14)} run ${run}/${runs}: ` +
            `${scoresText(f)}  LCP ${seconds(f.lcp)}  TBT ${Math.round(f.tbt)} ms  CLS ${f.cls.toFixed(3)}${zeroText}  ` +
            `(CPU benchmark ${Math.round(f.benchmark)}, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
      const medianRun = computeMedianRun(results);
      writeFileSync(
        join(reportsDir, `${page.name}-${preset.name}.html`),
        ReportGenerator.generateReport(medianRun, "html"),
      );
      const all = results.map(figures);
      rows.push({
        page,
        preset: preset.name,
        runs: all,
        median: medianFigures(all),
        ...(compare && {
          zeroJs: { runs: zeroResults, median: medianFigures(zeroResults), ratios: ratios(all, zeroResults) },
        }),
        ...(other && { against: { dir: againstDir, runs: otherResults, median: medianFigures(otherResults) } }),
      });
    }
  }
  return rows;
}

/**
 * One Lighthouse run in a fresh browser (no cache, no state from the run
 * before). A run that fails to record the page load (NO_NAVSTART and the
 * like, which Lighthouse itself says to retry) is run again, twice at most.
 */
async function auditOnce(page, preset, from) {
  for (let attempt = 1; ; attempt++) {
    chrome = await launchChrome();
    let result;
    try {
      result = await lighthouse(
        `${from}${page.url}`,
        {
          port: chrome.port,
          logLevel: "error",
          onlyCategories: categories,
          // The 404 page is audited as what a visitor gets, not as a failed load.
          ignoreStatusCode: page.status !== 200,
        },
        preset.config,
      );
    } finally {
      await chrome.kill();
      chrome = undefined;
    }
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "Lighthouse returned nothing" };
    if (!error) return result.lhr;
    if (attempt === 3) fail(`${page.url} (${preset.name}): ${error.code} ${error.message}`);
    console.log(`  ${page.url} (${preset.name}): ${error.code}, running it again`);
  }
}

/** The figures of one Lighthouse run that the table shows. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    bytes: value("total-byte-weight"),
    // Lighthouse's measure of this machine's CPU: its throttling assumes about 1000 or more.
    benchmark: lhr.environment.benchmarkIndex,
    failing: Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id}`),
    ),
  };
}

/** Each figure's median over the runs (with 3 runs, the middle one). */
function medianFigures(all) {
  const keys = ["performance", "accessibility", "bestPractices", "seo", "lcp", "tbt", "cls", "bytes", "benchmark"];
  return {
    ...Object.fromEntries(keys.map((key) => [key, median(all.map((f) => f[key]))])),
    // An audit that failed in any run, so a flaky miss is not hidden by the median.
    failing: [...new Set(all.flatMap((f) => f.failing))].sort(),
  };
}

/** The targets a row misses: they apply to the mobile preset; SEO not to pages exempt from it. */
function misses(row) {
  if (row.preset !== "mobile") return [];
  const m = row.median;
  const found = [];
  for (const [key, label] of [
    ["performance", "Performance"],
    ["accessibility", "Accessibility"],
    ["bestPractices", "Best Practices"],
    ["seo", "SEO"],
  ]) {
    if (key === "seo" && row.page.seoExempt) continue;
    if (key === "bestPractices" && row.page.consoleExempt && onlyConsoleErrors(row)) continue;
    if (m[key] < targets.score) found.push(`${label} ${m[key]} < ${targets.score}`);
  }
  if (m.lcp > targets.lcp) found.push(`LCP ${seconds(m.lcp)} > ${seconds(targets.lcp)}`);
  if (m.tbt > targets.tbt) found.push(`TBT ${Math.round(m.tbt)} ms > ${targets.tbt} ms`);
  if (m.cls > targets.cls) found.push(`CLS ${m.cls.toFixed(3)} > ${targets.cls}`);
  return found;
}

/** Whether Best Practices lost points for console errors only. */
function onlyConsoleErrors(row) {
  const lost = row.median.failing.filter((audit) => audit.startsWith("best-practices:"));
  return lost.length > 0 && lost.every((audit) => audit === "best-practices: errors-in-console");
}

function printTable(rows) {
  const header = ["route", "preset", "Perf", "A11y", "BP", "SEO", "LCP", "TBT", "CLS", "bytes", "CPU", "target"];
  const lines = rows.map((row) => {
    const m = row.median;
    const missed = misses(row);
    const seo = row.page.seoExempt ? `${m.seo}*` : String(m.seo);
    const bp = row.page.consoleExempt && onlyConsoleErrors(row) ? `${m.bestPractices}*` : String(m.bestPractices);
    const verdict = row.preset !== "mobile" ? "" : missed.length > 0 ? "MISSED" : "met";
    return [
      row.page.path,
      row.preset,
      String(m.performance),
      String(m.accessibility),
      bp,
      seo,
      seconds(m.lcp),
      `${Math.round(m.tbt)} ms`,
      m.cls.toFixed(3),
      `${(m.bytes / 1024).toFixed(1)} KiB`,
      String(Math.round(m.benchmark)),
      verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const format = (cells) =>
    cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  console.log(`\nLighthouse ${lhVersion()}, median of ${runs} run${runs === 1 ? "" : "s"} per route and preset`);
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  console.log(
    `targets (mobile): ${targets.score} in every category, LCP ≤ ${seconds(targets.lcp)}, TBT ≤ ${targets.tbt} ms, CLS ${targets.cls}`,
  );
  for (const page of pages.filter((p) => p.seoExempt))
    console.log(`* ${page.path}: SEO target not applied (${page.seoExempt})`);
  for (const row of rows.filter((r) => r.page.consoleExempt && onlyConsoleErrors(r)))
    console.log(`* ${row.page.path} (${row.preset}): Best Practices target not applied (${row.page.consoleExempt})`);
  let missed = 0;
  for (const row of rows) {
    const found = misses(row);
    missed += found.length;
    if (found.length > 0) console.log(`MISSED ${row.page.path} (${row.preset}): ${found.join(", ")}`);
  }
  const failing = rows.filter((row) => row.median.failing.length > 0);
  for (const row of failing)
    console.log(`  ${row.page.path} (${row.preset}) failing audits: ${row.median.failing.join(", ")}`);
  console.log(missed === 0 ? "every target met" : `${missed} target${missed === 1 ? "" : "s"} missed`);
  return missed;
}

/**
 * Each run's LCP over that of the zero-JavaScript run just after it, and the
 * median of those: pairs measured back to back share the machine's load.
 */
function ratios(all, zero) {
  const lcp = all.map((f, i) => f.lcp / zero[i].lcp);
  return { lcp, lcpMedian: median(lcp) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The routes against their own zero-JavaScript copies, measured in the same run. */
function printComparison(rows) {
  const compared = rows.filter((row) => row.zeroJs);
  if (compared.length === 0) return;
  const header = ["route", "LCP", "no JS", "LCP ratio", "TBT", "no JS", "CPU"];
  const lines = compared.map((row) => [
    row.page.path,
    seconds(row.median.lcp),
    seconds(row.zeroJs.median.lcp),
    `${row.zeroJs.ratios.lcpMedian.toFixed(2)} ×`,
    `${Math.round(row.median.tbt)} ms`,
    `${Math.round(row.zeroJs.median.tbt)} ms`,
    String(Math.round(row.median.benchmark)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(
    `\nthe same run, each route against itself without JavaScript (mobile; LCP ratio: median of the ${runs} back-to-back pair${runs === 1 ? "" : "s"}; CPU: Lighthouse's benchmark index)`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  const overall = median(compared.map((row) => row.zeroJs.ratios.lcpMedian));
  console.log(
    `median over routes: LCP ${overall.toFixed(2)} × the page without JavaScript (target ≤ ${lcpRatioTarget} ×, ${overall <= lcpRatioTarget ? "met" : "missed"}), ` +
      `TBT ${Math.round(median(compared.map((row) => row.median.tbt)))} ms. Absolute figures follow the machine; the ratios carry over.`,
  );
}

/** This build against the other (--against), route by route, from runs interleaved in the same run. */
function printAgainst(rows) {
  const compared = rows.filter((row) => row.against);
  if (compared.length === 0) return;
  const header = ["route", "preset", "this: perf", "LCP", "TBT", "other: perf", "LCP", "TBT", "TBT ratio", "CPU"];
  // No blocking at all in the other build: no ratio (n/a), left out of the median of ratios.
  const tbtRatio = (row) => (row.against.median.tbt > 0 ? row.median.tbt / row.against.median.tbt : Number.NaN);
  const ratioText = (ratio) => (Number.isNaN(ratio) ? "n/a" : `${ratio.toFixed(2)} ×`);
  const lines = compared.map((row) => [
    row.page.path,
    row.preset,
    String(row.median.performance),
    seconds(row.median.lcp),
    `${Math.round(row.median.tbt)} ms`,
    String(row.against.median.performance),
    seconds(row.against.median.lcp),
    `${Math.round(row.against.median.tbt)} ms`,
    ratioText(tbtRatio(row)),
    `${Math.round(row.median.benchmark)}/${Math.round(row.against.median.benchmark)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(
    `\nthis build against ${relative(process.cwd(), againstDir) || "."} (medians of ${runs} interleaved run${runs === 1 ? "" : "s"}, both served by the same static server; CPU: Lighthouse's benchmark index, this/other)`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  for (const preset of [...new Set(compared.map((row) => row.preset))]) {
    const of = compared.filter((row) => row.preset === preset);
    const mine = median(of.map((row) => row.median.tbt));
    const theirs = median(of.map((row) => row.against.median.tbt));
    console.log(
      `${preset}: median TBT over routes ${Math.round(mine)} ms against ${Math.round(theirs)} ms: ${ratioText(theirs > 0 ? mine / theirs : Number.NaN)} ` +
        `(median of the routes' ratios ${ratioText(median(of.map(tbtRatio).filter((r) => !Number.isNaN(r))))}). Absolute figures follow the machine; the ratios carry over.`,
    );
  }
}

function summary(rows) {
  return {
    lighthouse: lhVersion(),
    runs,
    targets,
    lcpRatioTarget,
    rows: rows.map((row) => ({
      route: row.page.path,
      url: row.page.url,
      preset: row.preset,
      seoExempt: row.page.seoExempt ?? null,
      consoleExempt: row.page.consoleExempt ?? null,
      report: `${row.page.name}-${row.preset}.html`,
      median: row.median,
      runs: row.runs,
      zeroJs: row.zeroJs ?? null,
      against: row.against ?? null,
      missed: misses(row),
    })),
  };
}

function scoresText(f) {
  return [f.performance, f.accessibility, f.bestPractices, f.seo].map((s) => String(s).padStart(3)).join(" ");
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

function lhVersion() {
  return JSON.parse(readFileSync(join(root, "node_modules/lighthouse/package.json"), "utf8")).version;
}

async function launchChrome() {
  try {
    return await launchChromeOnce();
  } catch (error) {
    fail(`cannot start Chromium (${error.message}): install it, or set CHROME_PATH to its executable`);
  }
}

function launchChromeOnce() {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...chromiumFlags],
  });
}

function fail(message) {
  console.error(`audit: ${message}`);
  process.exit(1);
}
