#!/usr/bin/env node
// `npm run bench:views`: the counting path of page views (POST /api/views) on
// the real server (server/index.ts, as a process, on 127.0.0.1, a fresh
// SQLite file, or DATABASE_URL when set) under autocannon's load for a fixed
// time. Prints the views per second it held, p50/p99 latency, and whether
// any was lost: after a graceful stop (SIGTERM writes what is held) every
// view answered 204 must be stored (and at most one more per connection, the
// requests in flight when the load stopped). Exits 1 only when that fails.
// Not a test: it never fails on a slow machine.
//   --seconds N (default 10)  --connections N (default 50)
// The per-client limit (visits.viewsPerClientPerMinute) is kept: the server
// trusts 127.0.0.1 as a proxy and each request names another client address.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { startBenchServer, stopBenchServer } from "./lib/bench-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "50" } },
});
const whole = (text, name) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`error: --${name}: expected a whole number above 0, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return n;
};
const seconds = whole(values.seconds, "seconds");
const connections = whole(values.connections, "connections");

const work = mkdtempSync(join(tmpdir(), "bench-views-"));
const running = new Set();
const builtSite = join(root, "dist/client");
const siteDir = existsSync(join(builtSite, "index.html")) ? builtSite : placeholderSite();
const PATHS = existsSync(join(builtSite, "index.html")) ? ["/", "/about", "/insights", "/de/contact"] : ["/", "/about"];
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function placeholderSite() {
  const dir = join(work, "site");
  mkdirSync(join(dir, "about"), { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>bench</title>");
  writeFileSync(join(dir, "about", "index.html"), "<!doctype html><title>about</title>");
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>not found</title>");
  return dir;
}

async function storedViews(location) {
  if (location.includes("://")) {
    const client = new pg.Client(location);
    await client.connect();
    try {
      return Number((await client.query("SELECT coalesce(sum(views), 0) AS n FROM page_views")).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const db = new Database(location, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT coalesce(sum(views), 0) AS n FROM page_views").get().n;
  } finally {
    db.close();
  }
}

async function main() {
  const location = process.env.DATABASE_URL || join(work, "views.db");
  const server = await startBenchServer({
    work,
    siteDir,
    running,
    env: { INQUIRY_DB: join(work, "views.db"), TRUSTED_PROXIES: "127.0.0.1", SMTP_URL: "", INQUIRY_NOTIFY_TO: "" },
  });
  const before = await storedViews(location);
  let n = 0;
  const result = await autocannon({
    url: server.url,
    duration: seconds,
    connections,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: "/api/views",
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": USER_AGENT,
              // Another client every request (10.0.0.0/8): the per-client limit stays out of the figures.
              "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({ path: PATHS[i % PATHS.length], landing: i % 3 === 0, referrer: "www.example.org" }),
          };
        },
      },
    ],
  });
  await stopBenchServer(server);
  const counted = Number(result.statusCodeStats?.["204"]?.count ?? 0);
  const stored = (await storedViews(location)) - before;
  const row = {
    seconds: result.duration,
    connections,
    requests: result.requests.total,
    "answered 204": counted,
    "views/s held": Math.round(counted / result.duration),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "non-2xx": result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    stored,
    // Answered 204 and not stored. Stored beyond the answers: requests in flight when autocannon
    // stopped (at most one per connection), counted by the server, their answers not awaited.
    lost: Math.max(0, counted - stored),
    "in flight": Math.max(0, stored - counted),
  };
  console.log(`bench:views on ${location.includes("://") ? "PostgreSQL" : "SQLite"}, site ${siteDir}`);
  console.table([row]);
  console.log("compare: `npm run bench:inquiries` gives the inquiries' own figures on this machine");
  return row.lost === 0 && row["in flight"] <= connections ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`error: ${error.message}`);
} finally {
  for (const child of running) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
}
process.exit(code);
