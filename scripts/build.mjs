// `npm run build [-- --force] [-- --verbose]`: the whole build, step by step.
//
// 1. generate: data/ checked and turned into site/generated/ (bin/content.mjs).
// 2. bundle: `vike build`, or its stored output when the code and shared data
//    are unchanged (build/bundle.mjs).
// 3. pages: every page rendered once, or reused from the cache
//    (build/index.mjs).
// 4. the first-load report and its budgets (bundle-report.mjs).
//
// --force: cold, reusing nothing (the bundle, the pages, the social cards).
// --verbose: the page step lists every file it writes.
// Each step runs in a process of its own, so that one step's memory is freed
// before the next starts.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { formatSeconds } from "./build/progress.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const KNOWN = ["--force", "--verbose"];
const args = process.argv.slice(2);
const unknown = args.filter((arg) => !KNOWN.includes(arg));
if (unknown.length > 0) {
  console.error(`build: unknown option ${unknown.join(", ")} (known: ${KNOWN.join(", ")})`);
  process.exit(2);
}
const force = args.includes("--force");

/** Runs `node script ...args` in the project's root; exits with its status when it fails. */
function node(script, scriptArgs = []) {
  const run = spawnSync(process.execPath, [script, ...scriptArgs], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const times = [];
function step(name, work) {
  const started = performance.now();
  work();
  times.push(`${name} ${formatSeconds((performance.now() - started) / 1000)}`);
}

step("generate", () => node("bin/content.mjs", ["generate"]));
step("bundle", () => node("scripts/build/bundle.mjs", force ? ["--force"] : []));
step("pages", () => node("scripts/build/index.mjs", args));
step("report", () => node("scripts/bundle-report.mjs"));
console.log(`build steps: ${times.join(" · ")}`);
