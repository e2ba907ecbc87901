// `npm run trace`: the first load of a few pages in Chromium with the CPU
// slowed down 4 × (as Lighthouse's mobile preset assumes), recorded as a
// performance trace; prints each long task (over 50 ms) with what it spent
// its time on, and the blocking time per page and by cause. Timings follow
// the machine: compare routes and builds measured in one run, on an idle one.
//
//   npm run trace -- --route / --route /approach --runs 3 --slowdown 4
//
// Needs a build (npm run build); serves it with the production server.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.js";
import { blockingByCause, blockingTime, LONG_TASK_MS, longTasks } from "./lib/long-tasks.js";
import { serveBuild } from "./lib/serve-build.js";

const root = new URL("..", import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    route: { type: "string", multiple: true },
    runs: { type: "string", default: "1" },
    slowdown: { type: "string", default: "4" },
    // After the load event, how long to keep recording (the idle-time loads: hints, forms, footer).
    after: { type: "string", default: "3000" },
    // Where to write each trace (open it in DevTools' Performance panel).
    save: { type: "string" },
  },
});
const routes = args.route ?? ["/", "/approach", "/insights/crm-hygiene"];
const runs = Number(args.runs);
const slowdown = Number(args.slowdown);
const after = Number(args.after);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive whole number, got ${args.runs}`);
if (!(slowdown >= 1)) fail(`--slowdown must be 1 or more, got ${args.slowdown}`);
if (!existsSync(join(root, "dist/client/index.html"))) fail("no build in dist/client: run npm run build first");

const categories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "toplevel",
];

const server = await serveBuild(fail);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
process.on("exit", () => server.stop());
try {
  const summary = [];
  for (const route of routes) {
    const blocking = [];
    for (let run = 1; run <= runs; run++) {
      const tasks = await trace(route);
      const total = blockingTime(tasks);
      blocking.push(total);
      console.log(
        `\n${route} run ${run}/${runs}: ${tasks.length} long task${tasks.length === 1 ? "" : "s"}, blocking ${ms(total)}`,
      );
      for (const task of tasks) {
        const causes = task.causes
          .filter((c) => c.ms >= 2)
          .slice(0, 5)
          .map((c) => `${c.cause} ${ms(c.ms)}`)
          .join(", ");
        console.log(`  at ${ms(task.start).padStart(8)}  ${ms(task.duration).padStart(7)}  ${causes}`);
      }
      const byCause = blockingByCause(tasks).filter((c) => c.ms >= 1);
      if (byCause.length > 0)
        console.log(`  blocking by cause: ${byCause.map((c) => `${c.cause} ${ms(c.ms)}`).join(", ")}`);
    }
    summary.push([route, median(blocking), blocking]);
  }
  console.log(
    `\nblocking time (long tasks' time beyond ${LONG_TASK_MS} ms), CPU ${slowdown} × slower, median of ${runs}`,
  );
  for (const [route, med, all] of summary)
    console.log(`  ${route.padEnd(28)} ${ms(med).padStart(8)}   (runs: ${all.map(ms).join(", ")})`);
  console.log("Timings follow this machine's load: compare figures of one run only.");
} finally {
  await browser.close();
}
process.exit(0);

/** One first load of `route` in a fresh context (no cache), traced; its long tasks. */
async function trace(route) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  await browser.startTracing(page, { categories });
  await page.goto(`${server.origin}${route}`, { waitUntil: "load" });
  await page.waitForTimeout(after);
  const buffer = await browser.stopTracing();
  await context.close();
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "-");
    writeFileSync(join(args.save, `${name}-${Date.now()}.json`), buffer);
  }
  const { traceEvents } = JSON.parse(buffer.toString("utf8"));
  return longTasks(traceEvents);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function ms(value) {
  return `${Math.round(value)} ms`;
}

function fail(message) {
  console.error(`trace: ${message}`);
  process.exit(1);
}
