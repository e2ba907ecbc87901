// @ts-check
// `npm run build [-- --force] [-- --verbose] [-- --report]`: the whole build, step by step.
//
// 1. generate: data/ checked and turned into site/generated/ (bin/content.mjs).
// 2. bundle: `vike build`, or its stored output when the code and shared data
//    are unchanged (bundle.mjs). When no bundle is stored (a cold build, or
//    --force), `vike build` is sure to run: it starts beside generate and
//    waits for it before reading the site (after-generate.js), so Vite's
//    start overlaps generate: 2.5–3 s saved, 15 % of a cold build at 1,000
//    articles. Not above OVERLAP_MAX_ARTICLES: there the saving is under 1 %
//    and the two peaks add up (50,000 articles, everything cold: 1,029 MiB
//    with the overlap, against 792 MiB on the last run without it).
// 3. pages: every page rendered once, or reused from the cache
//    (pages.mjs).
// 4. with --precompress only: .br and .gz beside every page and asset that
//    lacks current ones (precompress.mjs; `npm start` and nginx deployments
//    use them, static hosts compress at the edge).
// 5. with --report only: the first-load report (scripts/bundle-report.mjs; also
//    `npm run report`). It measures the built pages, as the budget tests
//    (tests/site/budgets.spec.ts) do; it builds nothing.
//
// --force: cold, reusing nothing (the bundle, the pages, the social cards).
// --verbose: Vite's list of the files it wrote, and every file the page step writes.
// On CI (CI=true) without --verbose, Vite's file list is left out: a line
// per step and the summary.
// Each step runs in a process of its own, so that one step's memory is freed
// before the next starts; but for the bundle step after generate, whose
// heavy part (`vike build`) is a process of its own already.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildArgs } from "./args.mjs";
import { cacheDir } from "./cache.mjs";
import { formatSeconds } from "./progress.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const options = buildArgs("build", {
  force: "cold: reuse no stored bundle, page or card",
  verbose: "list every file written",
  precompress: "write .br and .gz beside every page and asset (for nginx, npm start)",
  report: "end with the first-load report",
});
/** @param {(keyof typeof options)[]} names */
const flags = (names) => names.filter((name) => options[name]).map((name) => `--${name}`);

/**
 * Runs `node script ...args` in the project's root; exits with its status when it fails.
 * @param {string} script @param {string[]} [scriptArgs]
 */
function node(script, scriptArgs = []) {
  const run = spawnSync(process.execPath, [script, ...scriptArgs], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** @type {string[]} */
const times = [];
/** @param {string} name @param {() => void} work */
function step(name, work) {
  const started = performance.now();
  work();
  times.push(`${name} ${formatSeconds((performance.now() - started) / 1000)}`);
}

/**
 * Runs `node script ...args` in the project's root with `env`; resolves with its exit status.
 * @param {string} script @param {string[]} scriptArgs @param {NodeJS.ProcessEnv} env @returns {Promise<number>}
 */
function nodeBeside(script, scriptArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...scriptArgs], { cwd: root, stdio: "inherit", env });
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * Generate, with the bundle step beside it (see the top of this file): the
 * bundle's `vike build` waits for the signal file this writes once generate
 * has exited.
 */
async function generateAndBundle() {
  const folder = mkdtempSync(join(tmpdir(), "build-signal-"));
  const signal = join(folder, "generate");
  const started = performance.now();
  try {
    const bundling = nodeBeside("engine/bundle.mjs", flags(["force", "verbose"]), {
      ...process.env,
      BUILD_GENERATE_SIGNAL: signal,
      BUILD_GENERATE_PID: String(process.pid),
    });
    const generated = await nodeBeside("bin/content.mjs", ["generate"], process.env);
    writeFileSync(signal, generated === 0 ? "ok" : "failed");
    const generatedAt = performance.now();
    times.push(`generate ${formatSeconds((generatedAt - started) / 1000)}`);
    const bundled = await bundling;
    if (generated !== 0) process.exit(generated);
    if (bundled !== 0) process.exit(bundled);
    const after = formatSeconds((performance.now() - generatedAt) / 1000);
    times.push(`bundle ${formatSeconds((performance.now() - started) / 1000)} (beside generate; ${after} after it)`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Above this many articles, generate and `vike build` run one after the other (see the top of this file). */
const OVERLAP_MAX_ARTICLES = 10_000;
/** The articles in data/, every language's, counted by their files. */
const articles = () =>
  existsSync(join(root, "data/insights"))
    ? readdirSync(join(root, "data/insights"), { recursive: true }).filter((name) => String(name).endsWith(".md"))
        .length
    : 0;
const store = join(cacheDir(root), "bundle");
const cold = options.force || !existsSync(store) || readdirSync(store).length === 0;
if (cold && articles() <= OVERLAP_MAX_ARTICLES) await generateAndBundle();
else {
  step("generate", () => node("bin/content.mjs", ["generate"]));
  // In this process: the step's own work is small (a key, the sitemap and feeds) and `vike build`, when it
  // runs, is a process of its own; a process start here was a tenth of a rebuild with nothing changed.
  const started = performance.now();
  const { bundleStep } = await import("./bundle.mjs");
  const status = await bundleStep(root, { force: options.force, verbose: options.verbose });
  if (status !== 0) process.exit(status);
  times.push(`bundle ${formatSeconds((performance.now() - started) / 1000)}`);
}
step("pages", () => node("engine/pages.mjs", flags(["force", "verbose"])));
if (options.precompress) step("precompress", () => node("engine/precompress.mjs"));
if (options.report) step("report", () => node("scripts/bundle-report.mjs"));
console.log(`build steps: ${times.join(" · ")}`);
