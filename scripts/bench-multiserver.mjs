#!/usr/bin/env node
// The multi-server crash bench (part of `npm run bench:inquiries`, or alone:
// `node scripts/bench-multiserver.mjs --inquiries 2000 --connections 50`).
// Real server processes (server/index.ts) with mail (a capture SMTP server in
// this process) and a webhook (a capture HTTP receiver) switched on:
//   figures: N inquiries over C connections to SQLite (one server), to
//            PostgreSQL (one server), to PostgreSQL (two servers, spread);
//   crash:   two servers on one PostgreSQL database, N inquiries spread over
//            both, `kill -9` of one midway; every unanswered request is sent
//            again, with its Idempotency-Key, to the other. Then: every
//            acknowledged inquiry stored once, every request stored once,
//            every inquiry mailed and webhooked at least once (messages the
//            dead server had claimed wait out their lease), duplicates counted.
// Prints figures; exits 1 only when an inquiry is lost, stored twice or
// never delivered. Sizes: --inquiries/--connections or BENCH_INQUIRIES/BENCH_CONNECTIONS.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { startBenchServer, stopBenchServer } from "./lib/bench-server.mjs";
import { captureSmtp, captureWebhook, delivered, printTable, storedOnce, storedRows } from "./lib/inquiry-checks.js";
import { findPostgresBin, startCluster } from "./lib/pg-cluster.js";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The delivery policy's lease (data/behaviour.yaml) plus the first retries: how long delivery may take after a kill. */
const DELIVERY_TIMEOUT_MS = 180_000;

export function benchSizes(argv = process.argv.slice(2), env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: { inquiries: { type: "string" }, connections: { type: "string" } },
    strict: false,
  });
  const number = (value, fallback) => {
    const n = Number(value ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`expected a whole number above 0, got ${value}`);
    return n;
  };
  return {
    inquiries: number(values.inquiries ?? env.BENCH_INQUIRIES, 2000),
    connections: number(values.connections ?? env.BENCH_CONNECTIONS, 50),
  };
}

export async function multiServerBench({ inquiries, connections, log = console.log } = benchSizes()) {
  const work = mkdtempSync(join(tmpdir(), "bench-multiserver-"));
  const running = new Set();
  const siteDir = join(work, "site");
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(siteDir, "index.html"), "<!doctype html><title>bench</title>");
  writeFileSync(join(siteDir, "404.html"), "<!doctype html><title>not found</title>");
  const smtp = await captureSmtp();
  const webhook = await captureWebhook();
  const cluster = await startCluster();
  const failures = [];

  function startServer(store) {
    return startBenchServer({
      work,
      siteDir,
      running,
      env: {
        ...store,
        SMTP_URL: smtp.url,
        INQUIRY_NOTIFY_TO: "partners@bench.example",
        INQUIRY_NOTIFY_FROM: "web@bench.example",
        INQUIRY_WEBHOOK_URL: webhook.url,
        INQUIRY_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
      },
    });
  }

  const stopServer = stopBenchServer;

  async function freshDatabase() {
    const name = `bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /**
   * Sends `inquiries` posts over `connections` keep-alive connections, request n to
   * servers[n % length] while it lives; `onSent(n)` may kill one. A request that gets
   * no answer is sent again with its key to a server still alive.
   */
  async function load(servers, { prefix, onStarted, total = inquiries } = {}) {
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const dead = new Set();
    const results = [];
    let next = 0;
    let retried = 0;
    const post = (url, key, body) =>
      new Promise((resolve) => {
        const started = performance.now();
        const req = request(
          `${url}/api/inquiries`,
          { method: "POST", agent, headers: { "content-type": "application/json", "idempotency-key": key } },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode, text, ms: performance.now() - started }));
            res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
          },
        );
        req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
        req.end(body);
      });
    const worker = async () => {
      while (next < total) {
        const n = next++;
        onStarted?.(n);
        const key = `${prefix}-${n}`;
        const body = JSON.stringify({
          kind: "quick",
          name: `Bench Visitor ${n}`,
          email: `visitor-${n}@bench.example`,
          company: "Bench Ltd",
          message: `Inquiry number ${n} of the benchmark.`,
        });
        let target = servers[n % servers.length];
        let answer = await post(target.url, key, body);
        const first = answer;
        // Unanswered (connection refused or cut by the kill), or 503: the same request again, elsewhere.
        while (answer.status === 0 || answer.status === 503) {
          if (answer.status === 0) dead.add(target);
          const alive = servers.filter((s) => !dead.has(s));
          if (alive.length === 0) break;
          target = alive[n % alive.length];
          retried++;
          answer = await post(target.url, key, body);
        }
        results.push({
          key,
          status: answer.status,
          firstStatus: first.status,
          ms: first.ms,
          id: answer.status === 201 ? JSON.parse(answer.text).id : undefined,
        });
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, worker));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    return { results, seconds, perSecond: results.length / seconds, ...firstTryLatencies(results), retried };
  }

  /** Every request stored exactly once, every 201's id the row of its key; failures noted under `what`. */
  function check(results, rows, what) {
    const counts = storedOnce(results, rows);
    if (counts.ackLost) failures.push(`${what}: ${counts.ackLost} acknowledged inquiries not stored exactly once`);
    if (counts.notOnce) failures.push(`${what}: ${counts.notOnce} requests not stored exactly once`);
    if (rows.length !== results.length) failures.push(`${what}: ${rows.length} rows for ${results.length} requests`);
    const never = Object.values(counts.unanswered).reduce((a, b) => a + b, 0);
    if (never) {
      failures.push(
        `${what}: ${never} requests never answered 201 (status: count ${JSON.stringify(counts.unanswered)})`,
      );
    }
    return counts;
  }

  const deliveredAll = (ids) => delivered(ids, { smtp, webhook, timeoutMs: DELIVERY_TIMEOUT_MS });

  async function figures(label, store, serverCount) {
    const servers = [];
    for (let i = 0; i < serverCount; i++) servers.push(await startServer(store));
    const prefix = `fig-${label.replace(/\W+/g, "-")}`;
    try {
      // Warm-up (modules compiled, connections open), not measured and not counted.
      await load(servers, { prefix: `warm-${prefix}`, total: 10 * serverCount });
      const run = await load(servers, { prefix });
      const rows = (await storedRows(store)).filter((row) => row.key.startsWith(`${prefix}-`));
      const stored = check(run.results, rows, label);
      const delivery = await deliveredAll(run.results.map((r) => r.id).filter(Boolean));
      if (delivery.mail || delivery.webhook) failures.push(`${label}: not delivered: ${JSON.stringify(delivery)}`);
      return { label, ...run, stored, delivery };
    } finally {
      for (const server of servers) await stopServer(server);
    }
  }

  try {
    log(`multi-server: ${inquiries.toLocaleString("en")} inquiries, ${connections} connections, mail + webhook on`);
    const table = [];
    table.push(await figures("SQLite, 1 server", { INQUIRY_DB: join(work, "bench.db") }, 1));
    table.push(await figures("PostgreSQL, 1 server", { DATABASE_URL: await freshDatabase() }, 1));
    table.push(await figures("PostgreSQL, 2 servers", { DATABASE_URL: await freshDatabase() }, 2));
    const rows = [
      ["", "requests/s", "p50 (ms)", "p99 (ms)", "not 201 at first", "stored once", "dup. mails", "dup. webhooks"],
      ...table.map((r) => [
        r.label,
        r.perSecond.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        String(r.results.filter((x) => x.firstStatus !== 201).length),
        `${r.stored.rows - r.stored.notOnce}/${r.results.length}`,
        String(r.delivery.duplicateMails),
        String(r.delivery.duplicateWebhooks),
      ]),
    ];
    printTable(rows, log);

    // The crash: two servers on one database, one killed midway.
    const store = { DATABASE_URL: await freshDatabase() };
    const servers = [await startServer(store), await startServer(store)];
    let killed;
    const run = await load(servers, {
      prefix: "bench-crash",
      onStarted: (n) => {
        if (n === Math.floor(inquiries / 2) && !killed) {
          killed = servers[0];
          killed.child.kill("SIGKILL");
        }
      },
    });
    const exit = await killed?.exited;
    const stored = check(run.results, await storedRows(store), "crash");
    const delivery = await deliveredAll(run.results.map((r) => r.id).filter(Boolean));
    for (const server of servers) await stopServer(server);
    log(`\ncrash: two servers on one PostgreSQL database, kill -9 of one after ${Math.floor(inquiries / 2)} requests`);
    printTable(
      [
        ["", "count"],
        ["requests", run.results.length],
        ["acknowledged (201) on first try", stored.acknowledged],
        ["sent again to the other server", run.retried],
        ["rows in PostgreSQL", stored.rows],
        ["acknowledged, not stored exactly once", stored.ackLost],
        ["requests not stored exactly once", stored.notOnce],
        ["inquiries never mailed", delivery.mail],
        ["inquiries never webhooked", delivery.webhook],
        ["duplicate mails", delivery.duplicateMails],
        ["duplicate webhooks", delivery.duplicateWebhooks],
        ["killed server ended by", exit?.signal ?? "?"],
      ],
      log,
    );
    if (delivery.mail || delivery.webhook) failures.push(`crash: not delivered: ${JSON.stringify(delivery)}`);
    if (exit?.signal !== "SIGKILL") failures.push(`crash: the server ended by ${exit?.signal}, not SIGKILL`);
    return { table, crash: { ...stored, ...delivery, retried: run.retried }, failures };
  } finally {
    for (const child of running) child.kill("SIGKILL");
    cluster.stop();
    await smtp.close();
    await webhook.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Whether this machine can run it (PostgreSQL installed). */
export function multiServerAvailable() {
  return findPostgresBin() !== undefined && existsSync(join(root, "server/index.ts"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!multiServerAvailable()) {
    console.log("multi-server bench skipped: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)");
  } else {
    const { failures } = await multiServerBench(benchSizes());
    if (failures.length > 0) {
      console.error(`\nFAILED:\n  ${failures.join("\n  ")}`);
      process.exit(1);
    }
  }
}
