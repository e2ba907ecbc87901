#!/usr/bin/env node
// The production topology bench (part of `npm run bench:inquiries`, or alone:
// `node scripts/bench-topology.mjs --inquiries 2000 --connections 50`).
// nginx with TLS (deploy/nginx/, the config the topology test runs) in front
// of two inquiry servers (server/index.ts) on one PostgreSQL database (a
// durable throwaway cluster), mail and webhook on (captured in this process),
// clients posting from 127.0.0.2 and 127.0.0.3:
//   figures: N inquiries straight to the two servers (spread), then N through
//            the proxy: requests/s, p50, p99;
//   crash:   N inquiries through the proxy, `kill -9` of one server midway;
//            unanswered requests sent again with their key. Counts: stored
//            exactly once, lost, passed on by nginx, sent again by the
//            client, never delivered, duplicate deliveries;
//   stalled: how long a request whose body never comes holds a connection,
//            at a server and at the proxy (their default timeouts).
// Prints figures; exits 1 only when an inquiry is lost, stored twice or never delivered.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { benchSizes } from "./bench-multiserver.mjs";
import { captureSmtp, captureWebhook, delivered, printTable, storedOnce, storedRows } from "./lib/inquiry-checks.js";
import { nginxMissing } from "./lib/nginx.js";
import { findPostgresBin, startCluster } from "./lib/pg-cluster.js";
import { freePort, load, proxyRouting, startInquiryServers, startProxy, stopInquiryServer } from "./lib/topology.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const CLIENTS = ["127.0.0.2", "127.0.0.3"];
/** The delivery lease (data/behaviour.yaml, 60 s) twice, and the first retries: how long delivery may take after a kill. */
const DELIVERY_TIMEOUT_MS = 180_000;

/** Why this machine cannot run it, or undefined. */
export function topologyMissing() {
  return nginxMissing() ?? (findPostgresBin() ? undefined : "PostgreSQL is not installed");
}

/** The built site, or a placeholder with the files nginx and the servers need. */
function siteFor(work) {
  const built = join(root, "dist/client");
  if (existsSync(join(built, "_headers"))) return built;
  const dir = join(work, "site");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>bench</title>");
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>not found</title>");
  writeFileSync(
    join(dir, "_headers"),
    "/*\n  X-Content-Type-Options: nosniff\n/insights/feed.xml\n  Content-Type: application/atom+xml; charset=utf-8\n",
  );
  // One language: no other language's 404 page to route to.
  writeFileSync(join(dir, "_redirects"), "");
  return dir;
}

/** Milliseconds from sending a request's headers (Content-Length: 30000) and one byte of its body until the connection is closed. */
function stalledBodyHeldMs({ port, tls = false }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const options = { host: "127.0.0.1", port, localAddress: CLIENTS[0], rejectUnauthorized: false };
    const socket = tls ? tlsConnect(options) : tcpConnect(options);
    socket.once(tls ? "secureConnect" : "connect", () =>
      socket.write(
        "POST /api/inquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nIdempotency-Key: stalled-body-1\r\nContent-Length: 30000\r\n\r\n{",
      ),
    );
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => resolve(performance.now() - started));
  });
}

export async function topologyBench({ inquiries, connections, log = console.log } = benchSizes()) {
  const work = mkdtempSync(join(tmpdir(), "bench-topology-"));
  const running = new Set();
  const siteDir = siteFor(work);
  const smtp = await captureSmtp();
  const webhook = await captureWebhook();
  const cluster = await startCluster();
  const failures = [];
  let proxy;
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query("CREATE DATABASE topology");
    await admin.end();
    const store = { DATABASE_URL: new URL("/topology", cluster.url).toString() };
    const ports = [await freePort(), await freePort()];
    const servers = await startInquiryServers({
      work,
      siteDir,
      ports,
      running,
      env: {
        ...store,
        TRUSTED_PROXIES: "127.0.0.1",
        SMTP_URL: smtp.url,
        INQUIRY_NOTIFY_TO: "partners@bench.example",
        INQUIRY_NOTIFY_FROM: "web@bench.example",
        INQUIRY_WEBHOOK_URL: webhook.url,
        INQUIRY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      },
    });
    proxy = await startProxy({ dir: work, siteDir, serverPorts: ports });
    log(
      `topology: nginx (TLS) in front of 2 servers on one PostgreSQL database, ${inquiries.toLocaleString("en")} inquiries, ${connections} connections from ${CLIENTS.join(" and ")}, mail + webhook on`,
    );

    const sizes = { total: inquiries, connections, localAddresses: CLIENTS };
    const direct = servers.map((server) => server.url);
    // Warm-up (modules compiled, connections and TLS sessions open), not measured.
    await load({ ...sizes, targets: direct, prefix: "warm-direct", total: 20 });
    await load({ ...sizes, targets: [proxy.url], ca: proxy.ca, prefix: "warm-proxy", total: 20 });
    const figures = [
      ["straight to the 2 servers", await load({ ...sizes, targets: direct, prefix: "direct" })],
      ["through nginx (TLS)", await load({ ...sizes, targets: [proxy.url], ca: proxy.ca, prefix: "proxied" })],
    ];
    const rows = await storedRows(store);
    printTable(
      [
        ["", "requests/s", "p50 (ms)", "p99 (ms)", "not 201 at first", "stored once"],
        ...figures.map(([label, run]) => {
          const prefix = run.results[0]?.key.replace(/-\d+$/, "");
          const stored = storedOnce(
            run.results,
            rows.filter((row) => row.key?.startsWith(`${prefix}-`)),
          );
          if (stored.notOnce) failures.push(`${label}: ${stored.notOnce} requests not stored exactly once`);
          return [
            label,
            run.perSecond.toFixed(0),
            run.p50.toFixed(1),
            run.p99.toFixed(1),
            String(run.results.filter((r) => r.firstStatus !== 201).length),
            `${stored.rows - stored.notOnce}/${run.results.length}`,
          ];
        }),
      ],
      log,
    );

    // The crash, through the proxy.
    const logged = proxy.accessLog().length;
    const victim = servers[0];
    const crash = await load({
      ...sizes,
      targets: [proxy.url],
      ca: proxy.ca,
      prefix: "crash-run",
      onStarted: (n) => {
        if (n === Math.floor(inquiries / 2)) victim.child.kill("SIGKILL");
      },
    });
    const exit = await victim.exited;
    const crashRows = (await storedRows(store)).filter((row) => row.key?.startsWith("crash-run-"));
    const stored = storedOnce(crash.results, crashRows);
    const routing = proxyRouting(proxy.accessLog().slice(logged));
    const ids = crash.results.map((r) => r.id).filter(Boolean);
    const delivery = await delivered(ids, { smtp, webhook, timeoutMs: DELIVERY_TIMEOUT_MS });
    const lost = crash.results.filter((r) => r.status !== 201).length;
    log(`\ncrash through the proxy: kill -9 of one server after ${Math.floor(inquiries / 2)} requests`);
    printTable(
      [
        ["", "count"],
        ["requests", crash.results.length],
        ["answered 201 on the first try", stored.acknowledged],
        ["passed on by nginx to the other server", routing.passedOn],
        ["sent again by the client (same key)", crash.clientRetries],
        ["rows in PostgreSQL", stored.rows],
        ["requests not stored exactly once", stored.notOnce],
        ["acknowledged, not stored exactly once", stored.ackLost],
        ["never answered 201 (lost)", lost],
        ["inquiries never mailed", delivery.mail],
        ["inquiries never webhooked", delivery.webhook],
        ["duplicate mails", delivery.duplicateMails],
        ["duplicate webhooks", delivery.duplicateWebhooks],
        ["requests/s, p99 (ms) of the first tries", `${crash.perSecond.toFixed(0)}, ${crash.p99.toFixed(1)}`],
        ["killed server ended by", exit?.signal ?? "?"],
      ],
      log,
    );
    if (stored.notOnce || stored.ackLost || lost) {
      failures.push(`crash: ${stored.notOnce} not stored once, ${stored.ackLost} acknowledged lost, ${lost} lost`);
    }
    if (delivery.mail || delivery.webhook) failures.push(`crash: not delivered: ${JSON.stringify(delivery)}`);
    if (exit?.signal !== "SIGKILL") failures.push(`crash: the server ended by ${exit?.signal}, not SIGKILL`);

    const survivor = servers[1];
    const atServer = await stalledBodyHeldMs({ port: Number(new URL(survivor.url).port) });
    const atProxy = await stalledBodyHeldMs({ port: Number(new URL(proxy.url).port), tls: true });
    log("\na request whose body never comes (Content-Length: 30000, one byte sent), default timeouts");
    printTable(
      [
        ["", "held for (s)"],
        ["at an inquiry server (REQUEST_BODY_TIMEOUT_MS)", (atServer / 1000).toFixed(1)],
        ["at nginx (client_body_timeout)", (atProxy / 1000).toFixed(1)],
      ],
      log,
    );
    for (const server of servers) await stopInquiryServer(server);
    return { figures, crash: { ...stored, ...delivery, passedOn: routing.passedOn, lost }, failures };
  } finally {
    for (const child of running) child.kill("SIGKILL");
    await proxy?.stop();
    cluster.stop();
    await smtp.close();
    await webhook.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = topologyMissing();
  if (missing) {
    console.log(`topology bench skipped: ${missing}`);
  } else {
    const { failures } = await topologyBench(benchSizes());
    if (failures.length > 0) {
      console.error(`\nFAILED:\n  ${failures.join("\n  ")}`);
      process.exit(1);
    }
  }
}
