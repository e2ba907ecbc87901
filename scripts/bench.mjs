#!/usr/bin/env node
// `npm run bench`: how long the content CLI takes, as a content owner feels it
// (a whole process, start-up included). Prints figures; it is not a test and
// never fails on a slow machine.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";
import { generateArticles } from "./gen-articles.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "content.mjs");
const RUNS = 5;
const CONSULTANTS = 1000;

/** Wall time of one CLI process, in ms; a failing run stops the benchmark, since its time would mean nothing. */
/**
 * `cacheDir` is the CLI's validation cache (CONTENT_CACHE_DIR): a new empty
 * folder gives a cold run, the folder of the previous command a warm one.
 */
function timeCli(args, cwd, cacheDir = mkdtempSync(join(tmpdir(), "content-bench-cache-"))) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CONTENT_CACHE_DIR: cacheDir },
  });
  const elapsed = performance.now() - started;
  if (run.status !== 0) {
    throw new Error(`content ${args.join(" ")} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  }
  return elapsed;
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
}

/** A copy of data/ whose consultants.yaml holds `count` valid consultants with unique slugs. */
function syntheticProject(count) {
  const dir = mkdtempSync(join(tmpdir(), "content-bench-"));
  try {
    writeSynthetic(dir, count);
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function writeSynthetic(dir, count) {
  cpSync(join(root, "data"), join(dir, "data"), { recursive: true });
  const path = join(dir, "data", "consultants.yaml");
  const shipped = parse(readFileSync(path, "utf8")).consultants;
  const target = parse(readFileSync(join(dir, "data", "stats.yaml"), "utf8")).stats.targetArr.value;
  const [, low, high] = /^(\d+)M-(\d+)M$/.exec(target).map(Number);
  // The shipped consultants come first, so links to them in other files stay valid.
  const consultants = Array.from({ length: count }, (_, i) => {
    if (i < shipped.length) return shipped[i];
    const model = shipped[i % shipped.length];
    const from = low + (i % (high - low));
    const to = from + 1 + ((i * 7) % (high - from));
    return {
      ...model,
      slug: `consultant-${String(i).padStart(4, "0")}`,
      name: `Consultant ${i}`,
      arrRange: `${from}M-${to}M`,
    };
  });
  const header = readFileSync(path, "utf8").split("\n")[0];
  writeFileSync(path, `${header}\n${stringify({ consultants }, { lineWidth: 0, aliasDuplicateObjects: false })}`);
}

const ms = (value) => `${Math.round(value)} ms`;

// Warm-up: builds the esbuild bundle of the CLI if it is missing or stale, and warms the file cache.
timeCli(["validate"], root);

const shippedValidate = stats(Array.from({ length: RUNS }, () => timeCli(["validate"], root)));

// The content owner's loop on a large file: `npm run validate`, then `npm run generate` (which validates again).
const project = syntheticProject(CONSULTANTS);
const validate = [];
const generate = [];
const coldGenerate = [];
try {
  timeCli(["validate"], project); // the synthetic data must itself be valid
  for (let i = 0; i < RUNS; i++) {
    rmSync(join(project, "out"), { recursive: true, force: true }); // so every run writes every module
    // The owner's loop: validate (cold), then generate, which finds validate's clean result in the cache.
    const cache = mkdtempSync(join(tmpdir(), "content-bench-cache-"));
    validate.push(timeCli(["validate"], project, cache));
    generate.push(timeCli(["generate", "--out", "out"], project, cache));
    coldGenerate.push(timeCli(["generate", "--out", "out"], project));
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

const large = `${CONSULTANTS.toLocaleString("en")} consultants`;
const rows = [
  ["validate, shipped data", shippedValidate, 500],
  [`validate, ${large} (cold)`, stats(validate)],
  [`generate, ${large}, right after validate`, stats(generate)],
  [`validate + generate, ${large}`, stats(validate.map((t, i) => t + generate[i])), 1500],
  [`generate alone, ${large} (cold: validates, then writes)`, stats(coldGenerate)],
];
const table = [
  ["case", "median", "min", "max", "target", ""],
  ...rows.map(([name, t, target]) => [
    name,
    ms(t.median),
    ms(t.min),
    ms(t.max),
    target ? `<= ${target.toLocaleString("en")} ms` : "",
    target ? (t.median <= target ? "ok" : "SLOW") : "",
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
console.log(
  `content CLI, wall time per run including process start (node ${process.version}, ${availableParallelism()} CPUs)`,
);
// Other work on the machine inflates every figure; the load says how much to trust them.
console.log(`median of ${RUNS} runs after one warm-up run; load average ${loadavg()[0].toFixed(1)} at the end\n`);
for (const row of table) {
  console.log(
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "),
  );
}

// Insights articles: `validate` on 1,000 and 10,000 synthetic articles
// (scripts/gen-articles.mjs) in a copy of data/, cold (no validation cache),
// wall time and peak memory of the process. BENCH_ARTICLES=100,500 changes the sizes.
const ARTICLE_COUNTS = (process.env.BENCH_ARTICLES ?? "1000,10000").split(",").map(Number);
const ARTICLE_RUNS = 3;
const ARTICLE_TARGETS = { 1000: 1000, 10000: 6000 };

/** Wall time (ms) and peak resident memory (KiB, from GNU time when present) of one CLI process. */
function measureCli(args, cwd) {
  const gnuTime = existsSync("/usr/bin/time");
  const cache = mkdtempSync(join(tmpdir(), "content-bench-cache-"));
  const command = gnuTime
    ? ["/usr/bin/time", ["-f", "%M", process.execPath, bin, ...args]]
    : [process.execPath, [bin, ...args]];
  const started = performance.now();
  const run = spawnSync(command[0], command[1], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CONTENT_CACHE_DIR: cache },
  });
  const elapsed = performance.now() - started;
  rmSync(cache, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`content ${args.join(" ")} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  const rss = gnuTime ? Number(run.stderr.trim().split("\n").at(-1)) : Number.NaN;
  return { elapsed, rss };
}

const articleRows = [["case", "median", "min", "max", "peak RSS", "target", ""]];
for (const count of ARTICLE_COUNTS) {
  const dir = mkdtempSync(join(tmpdir(), "content-bench-articles-"));
  try {
    cpSync(join(root, "data"), join(dir, "data"), { recursive: true });
    rmSync(join(dir, "data", "insights"), { recursive: true, force: true });
    generateArticles(count, join(dir, "data"));
    measureCli(["validate"], dir); // warm-up: file cache; must be valid
    const runs = Array.from({ length: ARTICLE_RUNS }, () => measureCli(["validate"], dir));
    const t = stats(runs.map((r) => r.elapsed));
    const rss = Math.max(...runs.map((r) => r.rss));
    const target = ARTICLE_TARGETS[count];
    articleRows.push([
      `validate, ${count.toLocaleString("en")} articles (cold)`,
      ms(t.median),
      ms(t.min),
      ms(t.max),
      Number.isNaN(rss) ? "n/a" : `${Math.round(rss / 1024)} MiB`,
      target ? `<= ${target.toLocaleString("en")} ms` : "",
      target ? (t.median <= target ? "ok" : "SLOW") : "",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const articleWidths = articleRows[0].map((_, column) => Math.max(...articleRows.map((row) => row[column].length)));
console.log(
  `\ninsights articles: median of ${ARTICLE_RUNS} runs after a warm-up, load average ${loadavg()[0].toFixed(1)}\n`,
);
for (const row of articleRows) {
  console.log(
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(articleWidths[column]) : cell.padStart(articleWidths[column])))
      .join("  "),
  );
}

// The build against the Astro 7 peer (scripts/bench-build.mjs): 1,000 and 10,000 articles, cold and warm, then 50,000.
const { benchBuild } = await import("./bench-build.mjs");
await benchBuild();
