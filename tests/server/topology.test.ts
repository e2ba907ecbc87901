// The production topology, for real, on loopback: Debian's nginx with TLS
// (a throwaway certificate), configured by the deploy template
// (deploy/nginx/growth-partners.conf), in front of two inquiry server
// processes (server/index.ts) on one PostgreSQL database (a cluster of this
// file's own, so it can be stopped), with mail and the webhook on (a capture
// SMTP server and receiver in this process). Clients post from 127.0.0.2 and
// 127.0.0.3. Without nginx or PostgreSQL the file is skipped with the reason,
// except with CI=true, where that fails the run (.ci/run installs both).
//   - TLS at the proxy, plain HTTP redirected; the site from disk with the
//     headers, twins and 404s the inquiry server gives;
//   - the servers see each client's address (TRUSTED_PROXIES), a client's
//     own X-Forwarded-For or Forwarded is ignored, the rate limit counts
//     127.0.0.2 and 127.0.0.3 apart;
//   - a server whose database is out of reach: /readyz 503, and nginx sends
//     the inquiries to the other;
//   - TOPOLOGY_INQUIRIES inquiries (default below; `npm run bench:inquiries`
//     runs 2,000) with `kill -9` of one server midway, unanswered ones sent
//     again with their key: each stored exactly once, delivered at least once;
//   - page views through the proxy: spread over both servers, each counted
//     once, and no client address or user agent in any table;
//   - PostgreSQL stopped: /readyz 503, the proxy answers 503 with Retry-After;
//     started again, the inquiry sent again with its key is stored once.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryPolicy } from "../../inquiries/delivery-policy.ts";
import {
  type CaptureSmtp,
  type CaptureWebhook,
  captureSmtp,
  captureWebhook,
  delivered,
  storedOnce,
  storedRows,
} from "../../scripts/lib/inquiry-checks.js";
import { nginxMissing } from "../../scripts/lib/nginx.js";
import { type Cluster, findPostgresBin, startCluster } from "../../scripts/lib/pg-cluster.js";
import {
  freePort,
  type InquiryServer,
  inquiryBody,
  load,
  type Proxy as NginxProxy,
  proxyRouting,
  send,
  startInquiryServers,
  startProxy,
  stopInquiryServer,
} from "../../scripts/lib/topology.js";
import { securityHeaders } from "../../security/headers.ts";
import { addressKey } from "../../server/rate-limit-store.ts";
import { delivery, visits } from "../../site/generated/behaviour.ts";
import { retention } from "../../site/generated/legal.ts";
import { siteHeadersFile, siteRedirectsFile } from "../../site/lib/seo-files.ts";
import { startRelay, type TcpRelay } from "../support/tcp-relay.ts";
import { CLIENT_FILES, makeClientDir, removeDir, tempDir, waitFor } from "./support.ts";

/** Inquiries of the crash run in `npm test`; the bench runs 2,000. */
const INQUIRIES = Number(process.env.TOPOLOGY_INQUIRIES ?? 600);
const CONNECTIONS = 20;
const CLIENTS = ["127.0.0.2", "127.0.0.3"] as const;
const RATE_LIMIT = 3;
const SECRET = `topology-${randomBytes(8).toString("hex")}`;
const policy = deliveryPolicy(delivery);

const missing = nginxMissing() ?? (findPostgresBin() ? undefined : "PostgreSQL is not installed");
if (missing && process.env.CI !== "true") console.log(`topology test skipped: ${missing}`);

describe.skipIf(missing !== undefined && process.env.CI !== "true")("the production topology", () => {
  let dir: string;
  let siteDir: string;
  let cluster: Cluster;
  let databaseUrl: string;
  let relay: TcpRelay;
  let smtp: CaptureSmtp;
  let webhook: CaptureWebhook;
  let ports: number[];
  let servers: InquiryServer[] = [];
  let proxy: NginxProxy;
  const running = new Set<ChildProcess>();

  /** Both servers: server 0 reaches the database through a relay this test can cut. */
  async function startServers(env: Record<string, string>) {
    servers = await startInquiryServers({
      work: dir,
      siteDir,
      ports,
      running,
      env: {
        TRUSTED_PROXIES: "127.0.0.1",
        INQUIRY_RATE_LIMIT_SECRET: SECRET,
        SMTP_URL: smtp.url,
        INQUIRY_NOTIFY_TO: "partners@topology.example",
        INQUIRY_NOTIFY_FROM: "web@topology.example",
        INQUIRY_WEBHOOK_URL: webhook.url,
        INQUIRY_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
        ...env,
      },
      envFor: (i) => ({ DATABASE_URL: i === 0 ? relay.via(databaseUrl) : databaseUrl }),
    });
  }

  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client(databaseUrl);
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** The access log's lines since line `from`, once it holds `inquiries` more inquiry lines (nginx writes a line after the answer). */
  async function accessLogOf(from: number, inquiries: number): Promise<string[]> {
    const posts = () =>
      proxy
        .accessLog()
        .slice(from)
        .filter((line) => line.includes('"POST /api/inquiries"'));
    await waitFor(`${inquiries} inquiry lines in the access log`, () => posts().length >= inquiries, {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    return proxy.accessLog().slice(from);
  }

  const postInquiry = (from: string, n: number, headers: Record<string, string> = {}) =>
    send(`${proxy.url}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `topology-${n}`, ...headers },
      body: inquiryBody(n),
      ca: proxy.ca,
      localAddress: from,
    });

  beforeAll(async () => {
    if (missing) throw new Error(`${missing}: CI runs the topology test, it never skips it`);
    dir = tempDir("topology-");
    siteDir = makeClientDir(dir);
    // The build's own _headers and _redirects, as deploy/nginx/render.js reads them.
    writeFileSync(join(siteDir, "_headers"), siteHeadersFile());
    writeFileSync(join(siteDir, "_redirects"), siteRedirectsFile());
    cluster = await startCluster({ durable: false });
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query("CREATE DATABASE topology");
    await admin.end();
    databaseUrl = new URL("/topology", cluster.url).toString();
    relay = await startRelay("127.0.0.1", cluster.port);
    smtp = await captureSmtp();
    webhook = await captureWebhook();
    ports = [await freePort(), await freePort()];
    await startServers({ INQUIRY_RATE_LIMIT: String(RATE_LIMIT) });
    proxy = await startProxy({ dir, siteDir, serverPorts: ports });
  }, 120_000);

  afterAll(async () => {
    for (const child of running) child.kill("SIGKILL");
    await proxy?.stop();
    await relay?.close();
    await smtp?.close();
    await webhook?.close();
    cluster?.stop();
    if (dir) removeDir(dir);
  });

  it("TLS at the proxy, plain HTTP redirected; the site from disk with the headers, twins and 404s the server gives", async () => {
    const direct = servers[1]?.url ?? "";
    // The throwaway certificate is checked (the request trusts it alone), and nothing else is accepted.
    expect((await send(`${proxy.url}/`)).status).toBe(0);
    const redirect = await send(`${proxy.httpUrl}/about`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/about$/);

    const security = Object.keys(securityHeaders()).map((name) => name.toLowerCase());
    const media = (type: unknown) => String(type).toLowerCase().replace("application/javascript", "text/javascript");
    for (const path of [
      "/",
      "/about",
      "/about/",
      "/assets/x.js",
      "/insights/feed.xml",
      "/nope",
      "/de/nope",
      "/de/insights/nope",
      "/.env",
      "/.vite/manifest.json",
      "/_headers",
      "/assets/x.js.br",
      "/secret.txt",
    ]) {
      for (const encoding of ["br, gzip", "gzip", "identity"]) {
        const headers = { "accept-encoding": encoding };
        const [viaProxy, fromServer] = [
          await send(`${proxy.url}${path}`, { headers, ca: proxy.ca }),
          await send(`${direct}${path}`, { headers }),
        ];
        const what = `${path} (${encoding})`;
        expect(viaProxy.status, what).toBe(fromServer.status);
        expect(media(viaProxy.headers["content-type"]), what).toBe(media(fromServer.headers["content-type"]));
        expect(viaProxy.headers["cache-control"], what).toBe(fromServer.headers["cache-control"]);
        // A published file is sent as its twin by both; a 404 page the server compresses as it answers.
        if (fromServer.status === 200) {
          expect(viaProxy.headers["content-encoding"], what).toBe(fromServer.headers["content-encoding"]);
        }
        for (const name of security) expect(viaProxy.headers[name], `${what} ${name}`).toBe(fromServer.headers[name]);
        expect(viaProxy.headers["strict-transport-security"], what).toMatch(/^max-age=\d+/);
        if (!viaProxy.headers["content-encoding"] && !fromServer.headers["content-encoding"]) {
          expect(viaProxy.text, what).toBe(fromServer.text);
        }
      }
    }
    // An unknown path under a language's prefix: that language's 404 page, with status 404.
    for (const path of ["/de/nope", "/de/insights/nope"]) {
      const answer = await send(`${proxy.url}${path}`, { headers: { "accept-encoding": "identity" }, ca: proxy.ca });
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toBe(CLIENT_FILES["de/404.html"]);
    }
    expect((await send(`${proxy.url}/nope`, { headers: { "accept-encoding": "identity" }, ca: proxy.ca })).text).toBe(
      CLIENT_FILES["404.html"],
    );
  });

  it("the servers see each client's own address: a client's X-Forwarded-For or Forwarded is ignored, and the rate limit counts 127.0.0.2 and 127.0.0.3 apart", async () => {
    const [first, second] = CLIENTS;
    const statuses: number[] = [];
    for (let n = 0; n <= RATE_LIMIT; n++) {
      // A different made-up address each time: were it believed, no limit would ever be reached.
      const spoof = `203.0.113.${n + 1}`;
      const answer = await postInquiry(first, 100 + n, { "x-forwarded-for": spoof, forwarded: `for=${spoof}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(201), 429]);
    expect((await postInquiry(second, 200)).status).toBe(201);

    // Counted under the HMAC of each client's own address, on both servers alike: no other key.
    const counts = await query<{ key: string; hits: number }>("SELECT key, hits FROM rate_limit");
    expect(Object.fromEntries(counts.map((row) => [row.key, row.hits]))).toEqual({
      [addressKey(first, SECRET)]: RATE_LIMIT + 1,
      [addressKey(second, SECRET)]: 1,
    });
    const routing = proxyRouting(await accessLogOf(0, RATE_LIMIT + 2));
    expect(Object.keys(routing.answeredBy).sort()).toEqual(ports.map((port) => `127.0.0.1:${port}`).sort());
    expect(retention.rateLimitWindowSeconds).toBeGreaterThan(0);
  });

  it("page views through the proxy: spread over both servers, each counted once; no address or user agent in any table", async () => {
    const VIEWS = 40;
    const userAgent =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const logged = proxy.accessLog().length;
    const answers = [];
    for (let n = 0; n < VIEWS; n++) {
      answers.push(
        await send(`${proxy.url}${visits.endpoint}`, {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent },
          body: JSON.stringify({ path: n % 2 === 0 ? "/about" : "/", landing: n === 0, referrer: "www.example.org" }),
          ca: proxy.ca,
          localAddress: CLIENTS[n % 2],
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(VIEWS).fill(204));
    const total = async () =>
      Number((await query<{ n: string }>("SELECT coalesce(sum(views), 0) AS n FROM page_views"))[0]?.n);
    // Each server writes what it counted within one flush interval.
    await waitFor("every view written", async () => (await total()) === VIEWS, {
      timeoutMs: visits.flushEverySeconds * 1000 + 10_000,
      intervalMs: 200,
    });
    await new Promise((resolve) => setTimeout(resolve, visits.flushEverySeconds * 1000 + 500));
    expect(await total()).toBe(VIEWS);
    await waitFor(
      "the views' lines in the access log",
      () =>
        proxy
          .accessLog()
          .slice(logged)
          .filter((line) => line.includes(`"POST ${visits.endpoint}"`)).length >= VIEWS,
    );
    const routing = proxyRouting(proxy.accessLog().slice(logged), visits.endpoint);
    expect(Object.keys(routing.answeredBy).sort()).toEqual(ports.map((port) => `127.0.0.1:${port}`).sort());
    expect(routing.passedOn).toBe(0);

    // Every column of every table of the shared database, as text.
    const tables = await query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    const cells: string[] = [];
    for (const { table_name } of tables) {
      for (const row of await query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`)) {
        cells.push(...Object.values(row).map((value) => String(value)));
      }
    }
    expect(cells.length).toBeGreaterThan(VIEWS / 20);
    expect(cells.filter((cell) => /127\.0\.0\.[23]|mozilla|applewebkit/i.test(cell))).toEqual([]);
  }, 60_000);

  it("a form posted without JavaScript (no Idempotency-Key) is stored once through the proxy; one with an unknown field is refused", async () => {
    const form = (fields: Record<string, string>) =>
      send(`${proxy.url}/api/inquiries`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        ca: proxy.ca,
        localAddress: CLIENTS[1],
      });
    const fields = JSON.parse(inquiryBody(300)) as Record<string, string>;
    const before = (await storedRows({ DATABASE_URL: databaseUrl })).length;
    const sent = await form(fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe("/contact/sent");
    expect((await form({ ...fields, constructor: "x" })).status).toBe(422);
    expect((await storedRows({ DATABASE_URL: databaseUrl })).length).toBe(before + 1);
  });

  describe("with the rate limit out of the way (servers restarted)", () => {
    beforeAll(async () => {
      for (const server of servers) await stopInquiryServer(server);
      await startServers({ INQUIRY_RATE_LIMIT: "1000000" });
    }, 120_000);

    it("a server whose database is out of reach answers /readyz 503, and nginx sends the inquiries to the other", async () => {
      const [cutOff, healthy] = servers as [InquiryServer, InquiryServer];
      expect((await send(`${cutOff.url}/readyz`)).status).toBe(200);
      await relay.cut();
      await waitFor("server 0 not ready", async () => (await send(`${cutOff.url}/readyz`)).status === 503, {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      expect((await send(`${healthy.url}/readyz`)).status).toBe(200);

      const logged = proxy.accessLog().length;
      const started = performance.now();
      const answers = [];
      for (let n = 0; n < 10; n++) answers.push(await postInquiry(CLIENTS[n % 2] ?? "", 400 + n));
      const seconds = (performance.now() - started) / 1000;
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const lines = await accessLogOf(logged, 10);
      const cutOffAddress = `127.0.0.1:${ports[0]}`;
      const routing = proxyRouting(lines);
      // Every one answered by the healthy server; the cut-off one was tried at most max_fails (3) times per
      // fail_timeout (10 s), each of those passed on (deploy/nginx/growth-partners.conf).
      expect(routing.answeredBy).toEqual({ [`127.0.0.1:${ports[1]}`]: 10 });
      const tried = lines.filter((line) => line.includes(cutOffAddress)).length;
      expect(tried).toBeGreaterThanOrEqual(1);
      expect(tried).toBeLessThanOrEqual(3 * (1 + Math.floor(seconds / 10)));
      expect(routing.passedOn).toBe(tried);
      const rows = await storedRows({ DATABASE_URL: databaseUrl });
      for (let n = 0; n < 10; n++) expect(rows.filter((row) => row.key === `topology-${400 + n}`)).toHaveLength(1);

      await relay.restore();
      await waitFor("server 0 ready again", async () => (await send(`${cutOff.url}/readyz`)).status === 200, {
        timeoutMs: 30_000,
        intervalMs: 200,
      });
    }, 120_000);

    it(`${INQUIRIES} inquiries through the proxy, kill -9 of one server midway: each stored exactly once, delivered at least once`, async () => {
      const [victim] = servers as [InquiryServer, InquiryServer];
      const logged = proxy.accessLog().length;
      const run = await load({
        targets: [proxy.url],
        ca: proxy.ca,
        total: INQUIRIES,
        connections: CONNECTIONS,
        localAddresses: CLIENTS,
        prefix: "crash-run",
        onStarted: (n) => {
          if (n === Math.floor(INQUIRIES / 2)) victim.child.kill("SIGKILL");
        },
      });
      expect((await victim.exited).signal).toBe("SIGKILL");
      const rows = (await storedRows({ DATABASE_URL: databaseUrl })).filter((row) => row.key?.startsWith("crash-run-"));
      const stored = storedOnce(run.results, rows);
      const routing = proxyRouting(await accessLogOf(logged, INQUIRIES));
      const ids = run.results.map((r) => r.id).filter((id): id is string => id !== undefined);
      // A message the killed server had claimed waits out its lease, then the other delivers it.
      const deliveries = await delivered(ids, { smtp, webhook, timeoutMs: 2 * policy.leaseMs + 60_000 });
      console.log(
        `topology crash run: ${INQUIRIES} requests, ${stored.acknowledged} answered 201 at once, ${run.clientRetries} sent again by the client, ${routing.passedOn} passed on by nginx to the other server; ${stored.rows} rows, ${stored.notOnce} not stored exactly once, ${stored.ackLost} acknowledged and lost; never mailed ${deliveries.mail}, never webhooked ${deliveries.webhook}; duplicate mails ${deliveries.duplicateMails}, duplicate webhooks ${deliveries.duplicateWebhooks}`,
      );
      expect(stored.unanswered).toEqual({});
      expect(run.results.every((r) => r.status === 201)).toBe(true);
      expect(stored).toMatchObject({ rows: INQUIRIES, notOnce: 0, ackLost: 0 });
      expect(deliveries).toMatchObject({ mail: 0, webhook: 0 });
    }, 600_000);

    it("PostgreSQL stopped: /readyz 503 and the proxy answers 503 with Retry-After; started again, the inquiry sent again with its key is stored once", async () => {
      const survivor = servers[1] as InquiryServer;
      cluster.halt();
      await waitFor("not ready", async () => (await send(`${survivor.url}/readyz`)).status === 503, {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      expect((await send(`${survivor.url}/healthz`)).status).toBe(200);
      const refused = await postInquiry(CLIENTS[0], 500);
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("2");
      expect((JSON.parse(refused.text) as { error: { code: string } }).error.code).toMatch(/^(busy|unavailable)$/);

      cluster.resume();
      await waitFor("ready again", async () => (await send(`${survivor.url}/readyz`)).status === 200, {
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      // As the browser does: the same key again, until it is taken (nginx tries the server again after fail_timeout).
      await waitFor("stored", async () => (await postInquiry(CLIENTS[0], 500)).status === 201, {
        timeoutMs: 30_000,
        intervalMs: 1000,
      });
      expect(await query("SELECT id FROM inquiries WHERE idempotency_key = $1", ["topology-500"])).toHaveLength(1);
    }, 120_000);
  });
});
