#!/usr/bin/env node
// The build at scale: `npm run build` (generate, vike build with prerender,
// critical path, compression, bundle report) on a copy of the project with
// N synthetic articles (scripts/gen-articles.mjs), cold: a new copy, no
// dist/, no site/generated/, no validation cache. Prints the median wall time
// and the peak memory of the largest process, against the targets and the
// Astro 5.18 figures of issue 9. Part of `npm run bench`; alone:
//
//   node scripts/bench-build.mjs            # 1,000 and 10,000 articles, 3 runs each
//   node scripts/bench-build.mjs 50 1       # a smoke run: 50 articles, 1 run
import { rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { projectWithArticles, timeBuild } from "./lib/build-project.mjs";

/** Targets (issue 9) and Astro 5.18's figures on this machine, by article count. */
const CASES = [
  { articles: 1000, targetS: 15, targetMiB: null, astro: "16.0 s" },
  { articles: 10000, targetS: 60, targetMiB: 1024, astro: "119 s, 2.6 GB" },
];

export function benchBuild(sizes = CASES.map((c) => c.articles), runs = 3) {
  const rows = [];
  for (const articles of sizes) {
    const times = [];
    const peaks = [];
    for (let run = 0; run < runs; run++) {
      const dir = projectWithArticles(articles);
      try {
        const { ms, peakMiB } = timeBuild(dir);
        times.push(ms);
        if (peakMiB !== null) peaks.push(peakMiB);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const peak = peaks.length > 0 ? Math.max(...peaks) : null;
    const target = CASES.find((c) => c.articles === articles);
    const ok =
      target &&
      median / 1000 <= target.targetS &&
      (target.targetMiB === null || peak === null || peak <= target.targetMiB);
    rows.push([
      `npm run build, ${articles.toLocaleString("en")} articles`,
      `${(median / 1000).toFixed(1)} s`,
      peak === null ? "n/a" : `${Math.round(peak)} MiB`,
      target ? `<= ${target.targetS} s${target.targetMiB ? `, <= ${target.targetMiB} MiB` : ""}` : "",
      target ? (ok ? "ok" : "SLOW") : "",
      target?.astro ?? "",
    ]);
  }
  const table = [["case", "median", "peak RSS", "target", "", "Astro 5.18"], ...rows];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  console.log(
    `\nbuild at scale: cold builds of a project copy with synthetic articles, median of ${runs} (node ${process.version}, ${availableParallelism()} CPUs)`,
  );
  console.log(
    `peak RSS is the largest single process of the build; load average ${loadavg()[0].toFixed(1)} at the end\n`,
  );
  for (const row of table) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [size, runs] = process.argv.slice(2).map(Number);
  benchBuild(size ? [size] : undefined, runs || 3);
}
