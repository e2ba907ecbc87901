// A throwaway copy of the project with N synthetic articles, for the build
// benchmark (scripts/bench.mjs) and scale smoke runs:
//
//   node scripts/lib/build-project.mjs 50        # builds a copy with 50 articles, prints time and peak RSS
//
// The copy holds the files git tracks (not dist/, site/generated/ or
// node_modules/, which is linked), so it builds exactly what a fresh clone builds.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateArticles } from "../gen-articles.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A temporary copy of the project with `count` synthetic articles added to data/insights/. */
export function projectWithArticles(count) {
  return projectCopy((dir) => generateArticles(count, join(dir, "data")));
}

/** A temporary copy of the project as it is: the shipped site. */
export function shippedProject() {
  return projectCopy(() => {});
}

/**
 * A temporary copy of the project with `count` articles of the Astro peer's
 * corpus (../shared/peers/corpus.mjs) added to data/insights/; `options` are
 * the generator's (--authors, --tags).
 */
export function projectWithCorpus(count, options) {
  const generator = resolve(root, "../shared/peers/corpus.mjs");
  return projectCopy((dir) =>
    execFileSync(process.execPath, [generator, join(dir, "data/insights"), String(count), ...options], {
      stdio: "pipe",
    }),
  );
}

/** A temporary copy of the files git tracks, node_modules linked, then `fill(dir)`. */
function projectCopy(fill) {
  const dir = mkdtempSync(join(tmpdir(), "build-bench-"));
  try {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(root, file))) continue; // deleted in the work tree
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(root, file), join(dir, file));
    }
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    fill(dir);
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs `npm run build` in `dir`: wall time in ms and, where GNU time is
 * installed, the peak resident memory of the largest process of the build, in MiB.
 */
export function timeBuild(dir) {
  const gnuTime = existsSync("/usr/bin/time");
  const command = gnuTime ? "/usr/bin/time" : "npm";
  const args = gnuTime ? ["-f", "peak-rss-kib=%M", "npm", "run", "build", "--silent"] : ["run", "build", "--silent"];
  const started = performance.now();
  // A validation cache of its own: cold, and nothing left in the shared node_modules.
  const env = { ...process.env, NO_COLOR: "1", CONTENT_CACHE_DIR: join(dir, ".content-cache") };
  // maxBuffer: the build lists every file it writes, tens of MB at 10,000 articles.
  const run = spawnSync(command, args, { cwd: dir, encoding: "utf8", env, maxBuffer: 1024 * 1024 * 1024 });
  const elapsed = performance.now() - started;
  if (run.status !== 0) throw new Error(`npm run build exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
  const kib = /peak-rss-kib=(\d+)/.exec(run.stderr)?.[1];
  return { ms: elapsed, peakMiB: kib ? Number(kib) / 1024 : null, output: run.stdout };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 50);
  const dir = projectWithArticles(count);
  try {
    const { ms, peakMiB, output } = timeBuild(dir);
    if (process.argv.includes("--verbose")) console.log(output);
    console.log(
      `npm run build, ${count} synthetic articles: ${(ms / 1000).toFixed(1)} s` +
        (peakMiB === null ? "" : `, peak RSS ${Math.round(peakMiB)} MiB`),
    );
  } finally {
    if (!process.argv.includes("--keep")) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}
