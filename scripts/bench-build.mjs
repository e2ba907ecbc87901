#!/usr/bin/env node
// The build against the Astro 7 peer (issue 23, item 8), in one run: the same
// synthetic corpus (../shared/peers/corpus.mjs, with this project's
// consultants and tags) built by this project (`npm run build` in a copy of
// the project) and by the peer (`node ../shared/peers/astro7/run.mjs N`).
// For each size: wall time and peak RSS of the whole process tree, cold (a
// new copy, no dist/, no caches) and warm (one article edited, the cache of
// the cold build kept), medians of 3, and their ratio to the peer; the page
// step alone (pages per second, from the build's summary); then 50,000
// articles for this project alone, one run. It never fails on a slow machine:
// a failed run is printed as such and the rest goes on.
//
//   node scripts/bench-build.mjs                    # 1,000 and 10,000 (3 runs), then 50,000 (1 run)
//   node scripts/bench-build.mjs --sizes 50 --runs 1 --large 0   # a smoke run
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { projectWithCorpus } from "./lib/build-project.mjs";
import { measure } from "./lib/measure.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PEER = resolve(root, "../shared/peers/astro7/run.mjs");
const HOUR = 60 * 60 * 1000;

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** This project's consultants and tags, for the corpus generator. */
function corpusOptions() {
  const consultants = parse(readFileSync(join(root, "data/consultants.yaml"), "utf8")).consultants;
  const tags = parse(readFileSync(join(root, "data/insights.yaml"), "utf8")).tags;
  return ["--authors", consultants.map((c) => c.slug).join(","), "--tags", tags.map((t) => t.slug).join(",")];
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
};

/** The page step's figures from the build's summary: pages and seconds of "render, finish, compress, write". */
function pageStep(stdout) {
  const pages = /pages: (\d+) rendered, (\d+) reused/.exec(stdout);
  // formatSeconds (scripts/build/progress.mjs): "27.1 s", or "3 min 25 s" from a minute on.
  const step = /render, finish, compress, write \(\d+ threads\) (?:(\d+) min )?([\d.]+) s/.exec(stdout);
  if (!pages || !step) return null;
  const seconds = Number(step[1] ?? 0) * 60 + Number(step[2]);
  return { rendered: Number(pages[1]), reused: Number(pages[2]), seconds };
}

/** The build's own summary of its page step: its steps' times and the threads' time per part. */
function stepLines(stdout) {
  return (stdout ?? "")
    .split("\n")
    .filter((line) => /^(build steps|load the server build|page step|pages: )/.test(line))
    .map((line) => `      ${line}`)
    .join("\n");
}

/** One cold build and one warm build (an article edited) of this project with `count` articles. */
async function ours(count, corpus) {
  const dir = projectWithCorpus(count, corpus);
  const env = {
    ...process.env,
    NO_COLOR: "1",
    CI: "1",
    CONTENT_CACHE_DIR: join(dir, ".content-cache"),
    BUILD_CACHE_DIR: join(dir, ".build-cache"),
    // The cards' cache too, or a cold build would find the previous run's cards.
    CARDS_CACHE_DIR: join(dir, ".cards-cache"),
  };
  try {
    const cold = await measure("npm", ["run", "build", "--silent"], { cwd: dir, env, timeoutMs: HOUR });
    if (cold.status !== 0) return { error: `cold build exited ${cold.status}: ${cold.stderr.slice(-500)}` };
    const article = join(dir, "data/insights/article-00000.md");
    writeFileSync(article, `${readFileSync(article, "utf8")}\nOne more sentence, edited for the warm build.\n`);
    const warm = await measure("npm", ["run", "build", "--silent"], { cwd: dir, env, timeoutMs: HOUR });
    if (warm.status !== 0) return { error: `warm build exited ${warm.status}: ${warm.stderr.slice(-500)}` };
    return { cold, warm, step: pageStep(cold.stdout), warmStep: pageStep(warm.stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One cold build by the Astro 7 peer (its runner always builds cold). */
async function peer(count) {
  if (!existsSync(PEER)) return { error: `${PEER} is missing` };
  const run = await measure(process.execPath, [PEER, String(count)], { cwd: root, timeoutMs: 2 * HOUR });
  const found = /astro7-peer: \d+ articles, ([\d.]+) s, peak (\d+) MB/.exec(run.stdout);
  if (run.status !== 0 || !found)
    return { error: `peer exited ${run.status}: ${(run.stderr || run.stdout).slice(-500)}` };
  // Its own figures: the astro build alone, without the runner's corpus writing and setup.
  return { ms: Number(found[1]) * 1000, peakMiB: Number(found[2]) };
}

const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "failed");
const mib = (value) => (Number.isFinite(value) ? `${Math.round(value)} MiB` : "n/a");
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)} ×` : "n/a");

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  }
}

export async function benchBuild({ sizes = [1000, 10000], runs = 3, large = 50000 } = {}) {
  const corpus = corpusOptions();
  const rows = [["case", "this project", "peak", "Astro 7 peer", "peak", "ratio", "page step"]];
  const log = (text) => console.log(text);
  log(
    `\nbuild against the Astro 7 peer: node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(1)} at the start; medians of ${runs}`,
  );
  for (const count of sizes) {
    const mine = [];
    const theirs = [];
    for (let run = 0; run < runs; run++) {
      const a = await ours(count, corpus);
      if (a.error) log(`  ${count} articles, run ${run + 1}: this project failed: ${a.error}`);
      else mine.push(a);
      const b = await peer(count);
      if (b.error) log(`  ${count} articles, run ${run + 1}: the peer failed: ${b.error}`);
      else theirs.push(b);
      log(
        `  ${count} articles, run ${run + 1}: this project ${s(a.cold?.ms)} cold, ${s(a.warm?.ms)} warm; peer ${s(b.ms)}`,
      );
      if (a.cold) log(`    cold:\n${stepLines(a.cold.stdout)}\n    warm:\n${stepLines(a.warm?.stdout)}`);
    }
    const coldMs = median(mine.map((m) => m.cold.ms));
    const warmMs = median(mine.map((m) => m.warm.ms));
    const peerMs = median(theirs.map((t) => t.ms));
    const stepRate = median(mine.map((m) => (m.step ? m.step.rendered / m.step.seconds : Number.NaN)));
    const label = count.toLocaleString("en");
    rows.push([
      `${label} articles, cold`,
      s(coldMs),
      mib(median(mine.map((m) => m.cold.peakMiB))),
      s(peerMs),
      mib(median(theirs.map((t) => t.peakMiB))),
      ratio(coldMs, peerMs),
      Number.isFinite(stepRate) ? `${Math.round(stepRate)} pages/s` : "n/a",
    ]);
    rows.push([
      `${label} articles, one edited`,
      s(warmMs),
      mib(median(mine.map((m) => m.warm.peakMiB))),
      `${s(peerMs)} (full)`,
      "",
      ratio(warmMs, peerMs),
      `${median(mine.map((m) => m.warmStep?.rendered ?? Number.NaN))} pages rendered`,
    ]);
  }
  if (large > 0) {
    const a = await ours(large, corpus);
    const label = `${large.toLocaleString("en")} articles, cold (1 run)`;
    if (a.error) log(`  ${large} articles: this project failed: ${a.error}`);
    else
      log(
        `  ${large} articles: this project ${s(a.cold.ms)} cold, ${s(a.warm.ms)} warm\n    cold:\n${stepLines(a.cold.stdout)}\n    warm:\n${stepLines(a.warm.stdout)}`,
      );
    const rate = a.step ? a.step.rendered / a.step.seconds : Number.NaN;
    rows.push([
      label,
      s(a.cold?.ms),
      mib(a.cold?.peakMiB),
      "",
      "",
      "",
      Number.isFinite(rate) ? `${Math.round(rate)} pages/s` : "n/a",
    ]);
  }
  log(`\npeak: RSS of the whole process tree; ratio: this project's time over the peer's (below 1: faster)`);
  log(`load average ${loadavg()[0].toFixed(1)} at the end\n`);
  printTable(rows);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = option("--sizes", "1000,10000").split(",").map(Number);
  await benchBuild({ sizes, runs: Number(option("--runs", "3")), large: Number(option("--large", "50000")) });
}
