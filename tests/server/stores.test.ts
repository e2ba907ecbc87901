// The API's promises on each store (SQLite, PostgreSQL): idempotency,
// the rate limit, the outbox row committed with the inquiry; and what only
// two servers on one PostgreSQL database show: one key raced to both, one
// rate limit across both, 503 (not 500) when the database is unreachable.
import type { Server } from "node:http";
import { request } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { MailChannel } from "../../inquiries/channels/mail.ts";
import { Outbox } from "../../inquiries/outbox.ts";
import { formVocabulary } from "../../inquiries/schema.ts";
import type { InquiryStore } from "../../inquiries/store.ts";
import { PostgresInquiryStore } from "../../inquiries/store-postgres.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { createApp } from "../../server/app.ts";
import { READY_TIMEOUT_MS } from "../../server/health.ts";
import { addressKey, InquiryRateLimitStore } from "../../server/rate-limit-store.ts";
import { postgresKind, storeKinds } from "../support/stores.ts";
import { startRelay } from "../support/tcp-relay.ts";
import {
  ENDPOINT,
  FAST_POLICY,
  makeClientDir,
  postJson,
  quickInquiry,
  removeDir,
  startSmtp,
  tempDir,
  waitFor,
} from "./support.ts";

const dir = tempDir("stores-");
const clientDir = makeClientDir(dir);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  removeDir(dir);
});

type Served = { url: string; logs: string[] };

/** The real app over HTTP on 127.0.0.1 on `store`: one "server". */
async function serveApp(store: InquiryStore, rateLimit = 1000): Promise<Served> {
  const logs: string[] = [];
  const app = createApp({ clientDir, store, rateLimit, channels: ["mail"], log: (line) => logs.push(line) });
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({ server: server as Server, port: info.port }),
    ) as Server;
  });
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${port}`, logs };
}

/** Two servers on one fresh database of `kind` (two stores: two pools, or two SQLite connections). */
async function twoServers(kind = postgresKind, rateLimit = 1000) {
  const database = await kind.fresh();
  const stores: [InquiryStore, InquiryStore] = [await database.open(), await database.open()];
  for (const store of stores) closers.push(() => store.close());
  closers.push(async () => database.cleanup());
  const servers: [Served, Served] = [await serveApp(stores[0], rateLimit), await serveApp(stores[1], rateLimit)];
  return { stores, servers };
}

function postFrom(url: string, localAddress: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${ENDPOINT}`,
      { method: "POST", localAddress, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe.each(storeKinds())("POST /api/inquiries on $name, two servers on one database", (kind) => {
  it("one Idempotency-Key sent to both servers at once: one row, one message, every answer the same id", async () => {
    const { stores, servers } = await twoServers(kind);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postJson(servers[i % 2 === 0 ? 0 : 1].url, quickInquiry(), { "idempotency-key": "shared-key-0001" }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await stores[1].count()).toBe(1);
    expect(await stores[0].deliveries()).toMatchObject([
      { inquiryId: [...ids][0], channel: "mail", status: "pending" },
    ]);
  });

  it("the rate limit holds across both servers, and counts only stored inquiries", async () => {
    const { stores, servers } = await twoServers(kind, 3);
    const [a, b] = servers;
    // An invalid inquiry does not count.
    expect(await postFrom(a.url, "127.0.0.3", { kind: "quick" })).toBe(422);
    const statuses = [];
    for (const server of [a, b, a, b]) statuses.push(await postFrom(server.url, "127.0.0.3", quickInquiry()));
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another address is served; the count is kept under a hash, never the address.
    expect(await postFrom(b.url, "127.0.0.4", quickInquiry())).toBe(201);
    expect(await stores[0].count()).toBe(4);
  });
});

describe.each(storeKinds())("the outboxes of two servers on $name", (kind) => {
  it("deliver every message, each exactly once", async () => {
    const { stores } = await twoServers(kind);
    const sink = await startSmtp();
    closers.push(() => sink.close());
    const outboxes = stores.map(
      (store) =>
        new Outbox({
          store,
          channel: new MailChannel({
            smtpUrl: sink.url,
            to: "firm@x.example",
            from: "web@x.example",
            firmName: "F",
            vocabulary: formVocabulary,
          }),
          policy: FAST_POLICY,
          pollMs: 10,
          batch: 3,
          log: () => {},
        }),
    );
    for (const outbox of outboxes) closers.push(() => outbox.stop());
    for (let n = 0; n < 30; n++) {
      await stores[n % 2 === 0 ? 0 : 1].insert(quickInquiry({ name: `Visitor ${n}` }) as Inquiry, {
        bodyHash: String(n),
        channels: ["mail"],
      });
    }
    for (const outbox of outboxes) outbox.start();
    // A bound for a loaded machine, not a timing: thirty SMTP sessions, one after another per server.
    await waitFor("every message sent", async () => (await stores[0].outboxStatus("mail")).sent === 30, {
      timeoutMs: 60_000,
    });
    const ids = sink.mails.map((mail) => mail.headers["x-inquiry-id"]);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe.each(storeKinds())("the rate limit's counts on $name", (kind) => {
  it("are keyed by a hash, never the address, and swept once their window has ended", async () => {
    const database = await kind.fresh();
    const store = await database.open();
    closers.push(() => store.close());
    let now = new Date("2026-05-01T12:00:30Z");
    const limits = new InquiryRateLimitStore(store, 60_000, () => now);
    const key = addressKey("203.0.113.9", "a-secret-of-sixteen+");
    expect(key).not.toContain("203.0.113.9");
    expect(key).toBe(addressKey("203.0.113.9", "a-secret-of-sixteen+"));
    expect(key).not.toBe(addressKey("203.0.113.9", "another-secret-16+"));
    expect(await limits.increment(key)).toEqual({ totalHits: 1, resetTime: new Date("2026-05-01T12:01:00Z") });
    expect((await limits.increment(key)).totalHits).toBe(2);
    await limits.decrement(key);
    expect(await limits.sweep()).toBe(0);
    now = new Date("2026-05-01T12:01:00Z");
    expect(await limits.sweep()).toBe(1);
    expect((await limits.increment(key)).totalHits).toBe(1);
  });
});

describe("the rate limit's key for an address", () => {
  it("is one per IPv6 /64 (one subscriber's network), so rotating addresses within it is no way around the limit", () => {
    const key = addressKey("2001:db8:1:2::1");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe(key);
    expect(addressKey("2001:0DB8:0001:0002:0000:0000:0000:0099")).toBe(key);
    expect(addressKey("2001:db8:1:2:a::5%eth0")).toBe(key);
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
    expect(addressKey("::1")).not.toBe(key);
  });

  it("is the IPv4 address's own for an IPv4-mapped IPv6 address, and one per IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.9")).toBe(addressKey("203.0.113.9"));
    expect(addressKey("::FFFF:203.0.113.9")).toBe(addressKey("203.0.113.9"));
    expect(addressKey("::ffff:203.0.113.10")).not.toBe(addressKey("203.0.113.9"));
    expect(addressKey("203.0.113.10")).not.toBe(addressKey("203.0.113.9"));
  });
});

describe.skipIf(!storeKinds().some((kind) => kind.name === "postgres"))("PostgreSQL unreachable", () => {
  it("answers 503 with Retry-After, not 500, and logs no address; /readyz says so within its timeout", async () => {
    const database = await postgresKind.fresh();
    // The server reaches the database through a relay this test can cut: a database that went away.
    const target = new URL(database.location);
    const relay = await startRelay(target.hostname, Number(target.port));
    closers.push(() => relay.close());
    const store = await PostgresInquiryStore.open(relay.via(database.location), { busyWaitMs: 300 });
    closers.push(() => store.close());
    const { url, logs } = await serveApp(store);
    expect((await postJson(url, quickInquiry())).status).toBe(201);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    await relay.cut();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await postJson(url, quickInquiry());
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("busy");
    }
    const started = performance.now();
    const unready = await fetch(`${url}/readyz`);
    expect(unready.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(READY_TIMEOUT_MS + 2000);
    expect(await unready.json()).toEqual({
      status: "unavailable",
      reason: `the inquiry database did not answer within ${READY_TIMEOUT_MS / 1000} s`,
    });
    expect(unready.headers.get("cache-control")).toBe("no-store");
    // The process itself still answers: it is alive, only not ready.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    await relay.restore();
    await waitFor("ready again", async () => (await fetch(`${url}/readyz`)).status === 200, { timeoutMs: 15_000 });
    expect((await postJson(url, quickInquiry())).status).toBe(201);
    expect(logs.join("\n")).not.toMatch(/127\.0\.0\.1|grace/i);
  }, 30_000);

  it("that stops answering on an open connection (a network partition) answers 503, not a request that hangs; /readyz too", async () => {
    const database = await postgresKind.fresh();
    const target = new URL(database.location);
    const relay = await startRelay(target.hostname, Number(target.port));
    closers.push(() => relay.close());
    const store = await PostgresInquiryStore.open(relay.via(database.location), { busyWaitMs: 300 });
    closers.push(() => store.close());
    const { url } = await serveApp(store);
    expect((await postJson(url, quickInquiry())).status).toBe(201);

    relay.silence();
    const response = await postJson(url, quickInquiry());
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  }, 30_000);
});
