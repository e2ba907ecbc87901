#!/usr/bin/env node
// `npm run bench:inquiries`: the real inquiry server (server/index.ts, as a
// process, on 127.0.0.1) under load, and killed with SIGKILL mid-traffic.
// Prints figures; it is not a test and never fails on a slow machine. It
// exits 1 only when an acknowledged inquiry is missing or stored twice, or
// the restarted server does not take inquiries.
//   load:  2,000 inquiries, 50 connections (autocannon), each with its own
//          Idempotency-Key; every 201's id is looked up in the SQLite file.
//   crash: 20 client loops post until the server is SIGKILLed after ~1.5 s;
//          restarted on the same file, every id that got a 201 must be there.
//   multi-server (scripts/bench-multiserver.mjs, when PostgreSQL is installed):
//          SQLite vs PostgreSQL with one and two servers, and two servers on one
//          PostgreSQL database with one killed midway.
//   topology (scripts/bench-topology.mjs, when nginx and PostgreSQL are installed):
//          the same through nginx with TLS beside straight to the servers, the
//          crash through the proxy, and how long a stalled body holds a connection.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { benchSizes, multiServerAvailable, multiServerBench } from "./bench-multiserver.mjs";
import { topologyBench, topologyMissing } from "./bench-topology.mjs";
import { startBenchServer, stopBenchServer } from "./lib/bench-server.mjs";
import { printTable } from "./lib/inquiry-checks.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// Sizes: --inquiries N --connections N (or BENCH_INQUIRIES, BENCH_CONNECTIONS); smoke-run with small ones.
const sizes = benchSizes();
const LOAD = { amount: sizes.inquiries, connections: sizes.connections, runs: 3 };
const CRASH = { loops: 20, killAfterMs: 1500, maxRequests: 50_000 };

const work = mkdtempSync(join(tmpdir(), "bench-inquiries-"));
const builtSite = join(root, "dist/client");
const siteDir = existsSync(join(builtSite, "index.html")) ? builtSite : placeholderSite();
const running = new Set();

function placeholderSite() {
  const dir = join(work, "site");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>bench</title>");
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>not found</title>");
  return dir;
}

/** One JSON inquiry (a contact-page one), its name and key unique to `n`. */
function inquiry(n) {
  return JSON.stringify({
    kind: "quick",
    name: `Bench Visitor ${n}`,
    email: `visitor-${n}@bench.example`,
    company: "Bench Ltd",
    message: `Inquiry number ${n} of the benchmark.`,
  });
}

/** Starts server/index.ts on a free port (PORT=0) and waits for its "serving … on http://…" line. */
function startServer(db) {
  return startBenchServer({ work, siteDir, running, env: { INQUIRY_DB: db, SMTP_URL: "", INQUIRY_NOTIFY_TO: "" } });
}

const stopServer = stopBenchServer;

/** Rows of the file, read through a connection of this process (not the server's). */
function storedByKey(db) {
  const conn = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const rows = conn.prepare("SELECT id, idempotency_key AS key FROM inquiries").all();
    const byId = new Map();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.key]);
    return { rows, byId };
  } finally {
    conn.close();
  }
}

/** Acknowledged (key, id) pairs that are not in the file exactly once, with their key. */
function missing(acknowledged, stored) {
  return acknowledged.filter(({ key, id }) => {
    const keys = stored.byId.get(id) ?? [];
    return keys.length !== 1 || keys[0] !== key;
  });
}

async function loadRun(run) {
  const db = join(work, `load-${run}.db`);
  const server = await startServer(db);
  const acknowledged = [];
  let sequence = 0;
  try {
    const result = await autocannon({
      url: server.url,
      amount: LOAD.amount,
      connections: LOAD.connections,
      // A visitor's browser waits long; on a busy machine autocannon's 10 s default cuts answers off.
      timeout: 30,
      requests: [
        {
          method: "POST",
          path: "/api/inquiries",
          setupRequest: (request, context) => {
            const n = sequence++;
            context.key = `bench-load-${run}-${n}`;
            return {
              ...request,
              headers: { "content-type": "application/json", "idempotency-key": context.key },
              body: inquiry(n),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 201) acknowledged.push({ key: context.key, id: JSON.parse(body).id });
          },
        },
      ],
    });
    const stored = storedByKey(db);
    const count = (prefix) =>
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => code.startsWith(prefix))
        .reduce((sum, [, { count }]) => sum + Number(count), 0);
    return {
      requests: result.requests.total,
      perSecond: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      created: count("201"),
      non2xx: result.non2xx,
      fiveXx: count("5"),
      errors: result.errors,
      timeouts: result.timeouts,
      keys: new Set(acknowledged.map(({ key }) => key)).size,
      acknowledged: acknowledged.length,
      rows: stored.rows.length,
      missing: missing(acknowledged, stored).length,
    };
  } finally {
    await stopServer(server);
  }
}

async function crashRun() {
  const db = join(work, "crash.db");
  const server = await startServer(db);
  const acknowledged = [];
  let stop = false;
  let sequence = 0;
  let refused = 0;
  let otherStatus = 0;
  const loop = async () => {
    while (!stop && sequence < CRASH.maxRequests) {
      const key = `bench-crash-${sequence++}`;
      try {
        const response = await fetch(`${server.url}/api/inquiries`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: inquiry(sequence),
        });
        const body = await response.text();
        if (response.status === 201) acknowledged.push({ key, id: JSON.parse(body).id });
        else otherStatus++;
      } catch {
        refused++; // in flight when the server died: not acknowledged, so not owed
      }
    }
  };
  const loops = Array.from({ length: CRASH.loops }, loop);
  await new Promise((resolve) => setTimeout(resolve, CRASH.killAfterMs));
  stop = true; // the loops send nothing new; what is in flight meets the kill
  server.child.kill("SIGKILL");
  const { signal } = await server.exited;
  await Promise.all(loops);

  const restarted = await startServer(db);
  try {
    const stored = storedByKey(db);
    // The restarted server still takes inquiries on the recovered file.
    const after = await fetch(`${restarted.url}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: inquiry("after-restart"),
    });
    return {
      signal,
      sent: sequence,
      acknowledged: acknowledged.length,
      rows: stored.rows.length,
      lost: missing(acknowledged, stored).length,
      failed: refused,
      otherStatus,
      afterRestart: after.status,
    };
  } finally {
    await stopServer(restarted);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const cleanup = () => {
  for (const child of running) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

const failures = [];
try {
  console.log(
    `inquiry server, node ${process.version}, ${availableParallelism()} CPUs, site ${siteDir === builtSite ? "dist/client" : "placeholder"}, 127.0.0.1 only\n`,
  );

  const runs = [];
  for (let run = 1; run <= LOAD.runs; run++) runs.push(await loadRun(run));
  const fixed = (digits) => (value) => value.toFixed(digits);
  const metrics = [
    ["requests/s", (r) => r.perSecond, fixed(0)],
    ["latency p50 (ms)", (r) => r.p50, fixed(1)],
    ["latency p99 (ms)", (r) => r.p99, fixed(1)],
    ["201 created", (r) => r.created, String],
    ["non-2xx", (r) => r.non2xx, String],
    ["5xx", (r) => r.fiveXx, String],
    ["connection errors", (r) => r.errors, String],
    ["  of which timeouts (30 s)", (r) => r.timeouts, String],
    ["unique keys acknowledged", (r) => r.keys, String],
    ["rows in the file", (r) => r.rows, String],
    ["  stored, answer not received", (r) => r.rows - r.created, String],
    ["201 ids not in the file once", (r) => r.missing, String],
  ];
  console.log(
    `load: ${LOAD.amount.toLocaleString("en")} POST /api/inquiries, ${LOAD.connections} connections, ${LOAD.runs} runs (fresh server and file each)`,
  );
  printTable([
    ["", "median", ...runs.map((_, i) => `run ${i + 1}`)],
    ...metrics.map(([name, pick, format]) => [
      name,
      format(median(runs.map(pick))),
      ...runs.map((r) => format(pick(r))),
    ]),
  ]);
  runs.forEach((r, i) => {
    if (r.missing > 0) failures.push(`load run ${i + 1}: ${r.missing} acknowledged ids not in the file exactly once`);
    if (r.keys !== r.acknowledged) failures.push(`load run ${i + 1}: one key acknowledged twice`);
    if (r.rows < r.created || r.rows > LOAD.amount)
      failures.push(`load run ${i + 1}: ${r.rows} rows for ${r.created} 201s`);
  });

  const crash = await crashRun();
  console.log(`\ncrash: ${CRASH.loops} client loops, SIGKILL after ${CRASH.killAfterMs} ms, restart on the same file`);
  printTable([
    ["", "count"],
    ["requests sent", crash.sent],
    ["acknowledged (201) before the kill", crash.acknowledged],
    ["failed (connection closed by the kill)", crash.failed],
    ["other statuses", crash.otherStatus],
    ["rows in the file after restart", crash.rows],
    ["inquiry after restart", crash.afterRestart],
  ]);
  console.log(`inquiries lost: ${crash.lost}`);
  if (crash.lost > 0) failures.push(`crash: ${crash.lost} acknowledged inquiries lost`);
  if (crash.signal !== "SIGKILL") failures.push(`crash: the server ended by ${crash.signal}, not SIGKILL`);
  if (crash.afterRestart !== 201) failures.push(`crash: the restarted server answered ${crash.afterRestart}`);

  console.log("");
  if (multiServerAvailable()) failures.push(...(await multiServerBench(sizes)).failures);
  else console.log("multi-server: skipped, PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)");
  console.log("");
  const topologyWhyNot = topologyMissing();
  if (topologyWhyNot) console.log(`topology: skipped, ${topologyWhyNot}`);
  else failures.push(...(await topologyBench(sizes)).failures);
} finally {
  cleanup();
}
if (failures.length > 0) {
  console.error(`\nFAILED:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
