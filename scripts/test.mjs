// `npm test`: every check and every test, in one run, with one closing line
// "N passed, N failed". Steps: content validation, typecheck and lint (side by
// side), the vitest tests, the content editor's browser tests (Playwright
// against `npm run edit` on a copy of the project; no build needed), the
// production build, then the site's browser tests (Playwright driving
// Chromium against the built site served by the production server).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "test-results");
rmSync(join(out, "vitest.json"), { force: true });
rmSync(join(out, "playwright.json"), { force: true });
rmSync(join(out, "playwright-editor.json"), { force: true });
mkdirSync(out, { recursive: true });

const only = process.argv[2]; // optional: "unit", "editor" or "e2e"
const results = [];
/** Each step's wall time, in order: [name, seconds]. Steps run side by side are one entry. */
const times = [];
const started = performance.now();
const seconds = (since) => Math.round((performance.now() - since) / 1000);

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok });
  const took = seconds(start);
  times.push([name, took]);
  console.log(`▶ ${name}: ${ok ? "done" : "FAILED"} in ${took} s`);
  return ok;
}

/**
 * Steps that read and write nothing of each other's, run side by side (two
 * cores: the typecheck and the linters each leave one mostly idle); each
 * one's output is printed whole when it ends, so the log reads as if they ran
 * one after the other. Resolves to whether each passed, in order.
 */
async function together(steps) {
  const start = performance.now();
  const passed = await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
          const chunks = [];
          child.stdout.on("data", (chunk) => chunks.push(chunk));
          child.stderr.on("data", (chunk) => chunks.push(chunk));
          child.on("close", (code) => {
            console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
            process.stdout.write(Buffer.concat(chunks));
            results.push({ name, ok: code === 0 });
            console.log(`▶ ${name}: ${code === 0 ? "done" : "FAILED"} in ${seconds(start)} s`);
            resolve(code === 0);
          });
        }),
    ),
  );
  times.push([steps.map(({ name }) => name).join(" + "), seconds(start)]);
  return passed;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(out, file), "utf8"));
  } catch {
    return undefined;
  }
}

const checks = [];
if (!only) {
  checks.push(step("content", "node", ["bin/content.mjs", "generate"]));
  const [typed, linted] = await together([
    // The site, CLI and tests, then the build engine's JavaScript (JSDoc, checkJs): `npm run typecheck`.
    { name: "typecheck", command: "npm", args: ["run", "typecheck", "--silent"] },
    // biome, then knip: every dependency used, everything used listed.
    { name: "lint", command: "npm", args: ["run", "lint", "--silent"] },
  ]);
  if (!linted)
    console.log(
      "lint failed: `npm run format` fixes formatting and safe lint fixes; knip names a dependency unused or unlisted",
    );
  checks.push(typed, linted);
}

let unit = { passed: 0, failed: 0 };
if (!only || only === "unit") {
  const ran = step("unit and CLI tests", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(out, "vitest.json")}`,
  ]);
  const report = readJson("vitest.json");
  unit = atLeastOneIfFailed(
    ran,
    report
      ? { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) }
      : { passed: 0, failed: 1 },
  );
}

/**
 * A step that failed counts at least one failure, whatever its report says: a file whose beforeAll threw
 * fails the run with its tests skipped and none failed, and Playwright's server may fail before any test.
 */
function atLeastOneIfFailed(ok, counts) {
  return !ok && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

function playwrightCounts(file) {
  const report = readJson(file);
  // A flaky test (failed, then passed on its traced retry) is a failure: the retry is there for its trace.
  return report?.stats
    ? { passed: report.stats.expected, failed: report.stats.unexpected + (report.stats.flaky ?? 0) }
    : { passed: 0, failed: 1 };
}

let editor = { passed: 0, failed: 0 };
if (!only || only === "e2e" || only === "editor") {
  const ran = step("editor browser tests", "npx", ["playwright", "test", "-c", "playwright.editor.config.ts"]);
  editor = atLeastOneIfFailed(ran, playwrightCounts("playwright-editor.json"));
}

let e2e = { passed: 0, failed: 0 };
if (!only || only === "e2e") {
  const built = step("build", "npm", ["run", "build", "--silent"]);
  const ran = built && step("browser tests", "npx", ["playwright", "test"]);
  e2e = atLeastOneIfFailed(ran, playwrightCounts("playwright.json"));
}

const failedChecks = checks.filter((ok) => !ok).length;
const passed = unit.passed + editor.passed + e2e.passed + checks.filter(Boolean).length;
const failed = unit.failed + editor.failed + e2e.failed + failedChecks;
console.log("");
console.log(`checks:  ${checks.filter(Boolean).length} passed, ${failedChecks} failed (content, typecheck, lint)`);
if (!only || only === "unit") console.log(`unit:    ${unit.passed} passed, ${unit.failed} failed (vitest)`);
if (!only || only === "e2e" || only === "editor") {
  console.log(`editor:  ${editor.passed} passed, ${editor.failed} failed (playwright, npm run edit)`);
}
if (!only || only === "e2e") console.log(`browser: ${e2e.passed} passed, ${e2e.failed} failed (playwright)`);
console.log(`time:    ${times.map(([name, s]) => `${name} ${s} s`).join(" · ")} · in all ${seconds(started)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
