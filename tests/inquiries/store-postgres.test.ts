// What only a shared database can get wrong: two stores (two pools, as two
// servers have) on one PostgreSQL database, racing. Real cluster, no mocks.
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../inquiries/postgres/migrations.ts";
import { inquirySchema } from "../../inquiries/schema.ts";
import type { InquiryStore } from "../../inquiries/store.ts";
import { PostgresInquiryStore } from "../../inquiries/store-postgres.ts";
import { defaultLocale } from "../../site/generated/locales.ts";
import { fullInquiry, quickInquiry } from "../server/fixtures.ts";
import { freshDatabaseUrl, postgresUrl, queryDb } from "../support/postgres.ts";
import { describeStoreContract } from "./store-contract.ts";

const quick = inquirySchema.parse(quickInquiry());
const full = inquirySchema.parse(fullInquiry());
const opened: InquiryStore[] = [];

async function twoServers(): Promise<[PostgresInquiryStore, PostgresInquiryStore, string]> {
  const url = await freshDatabaseUrl();
  const [a, b] = await Promise.all([PostgresInquiryStore.open(url), PostgresInquiryStore.open(url)]);
  opened.push(a, b);
  return [a, b, url];
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe.skipIf(!postgresUrl())("PostgreSQL store, two servers on one database", () => {
  it("migrates concurrently from several openers, once, and re-opening is a no-op", async () => {
    const url = await freshDatabaseUrl();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresInquiryStore.open(url)));
    opened.push(...stores);
    opened.push(await PostgresInquiryStore.open(url));
    const versions = await queryDb<{ version: number }>(url, "SELECT version FROM schema_migrations ORDER BY version");
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("migrates a database from before languages: its inquiries are in the default language, new ones in theirs", async () => {
    const url = await freshDatabaseUrl();
    const before = MIGRATIONS.findIndex((step) => /ADD COLUMN language/.test(step));
    expect(before).toBeGreaterThan(0);
    // The database as the last version without a language left it, with one inquiry and its message.
    await queryDb(
      url,
      `CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       ${MIGRATIONS.slice(0, before).join(";\n")};
       INSERT INTO schema_migrations (version) SELECT generate_series(1, ${before});
       INSERT INTO inquiries (id, received_at, kind, name, email, email_folded, company, message, body_hash)
         VALUES ('old', '2026-01-01T00:00:00Z', 'quick', 'N', 'n@example.org', 'n@example.org', 'C', 'm', 'h');
       INSERT INTO outbox (inquiry_id, channel, created_at, next_attempt_at) VALUES ('old', 'mail', now(), now());`,
    );
    const store = await PostgresInquiryStore.open(url);
    opened.push(store);
    expect((await store.get("old"))?.language).toBe(defaultLocale);
    const inserted = await store.insert({ ...quick, language: "de" }, { bodyHash: "h2", channels: [] });
    if (!("id" in inserted)) throw new Error("insert failed");
    expect((await store.list()).map((i) => [i.id, i.language])).toEqual([
      ["old", defaultLocale],
      [inserted.id, "de"],
    ]);
    // The default filled the rows that were there and is gone: an insert without a language is refused.
    await expect(
      queryDb(
        url,
        "INSERT INTO inquiries (id, received_at, kind, name, email, email_folded, company, body_hash) VALUES ('x', now(), 'quick', 'N', 'e', 'e', 'C', 'h')",
      ),
    ).rejects.toThrow(/language/);
    const versions = await queryDb<{ version: number }>(url, "SELECT version FROM schema_migrations ORDER BY version");
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("stores one row for one idempotency key raced from both servers, and both answer with its id", async () => {
    const [a, b, url] = await twoServers();
    for (let round = 0; round < 10; round++) {
      const options = { idempotencyKey: `race-key-${round}`, bodyHash: "same", channels: ["mail", "webhook"] };
      const results = await Promise.all([
        a.insert(quick, options),
        b.insert(quick, options),
        a.insert(quick, options),
        b.insert(quick, options),
      ]);
      const ids = new Set(results.map((result) => ("id" in result ? result.id : "conflict")));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => "replayed" in result && !result.replayed)).toHaveLength(1);
    }
    const [counts] = await queryDb<{ inquiries: string; outbox: string }>(
      url,
      "SELECT (SELECT count(*) FROM inquiries) AS inquiries, (SELECT count(*) FROM outbox) AS outbox",
    );
    expect(counts).toEqual({ inquiries: "10", outbox: "20" });
  });

  it("answers a conflict for the same key with another body, from the other server", async () => {
    const [a, b] = await twoServers();
    const first = await a.insert(quick, { idempotencyKey: "conflict-key", bodyHash: "one", channels: [] });
    expect(first).toMatchObject({ replayed: false });
    expect(await b.insert(full, { idempotencyKey: "conflict-key", bodyHash: "two", channels: [] })).toEqual({
      conflict: true,
    });
  });

  it("never lets two servers claim the same message", async () => {
    const [a, b] = await twoServers();
    const now = new Date();
    for (let n = 0; n < 60; n++) await a.insert(quick, { bodyHash: String(n), channels: ["mail"], now });
    const claimed: number[] = [];
    await Promise.all(
      [a, b, a, b].map(async (store) => {
        for (;;) {
          const items = await store.claimDue("mail", now, 60_000, 7);
          if (items.length === 0) return;
          claimed.push(...items.map((item) => item.id));
        }
      }),
    );
    expect(claimed).toHaveLength(60);
    expect(new Set(claimed).size).toBe(60);
  });

  it("hands a message to the other server once the lease of the one that claimed it runs out", async () => {
    const [a, b] = await twoServers();
    const t0 = new Date("2026-01-01T10:00:00Z");
    await a.insert(quick, { bodyHash: "x", channels: ["mail"], now: t0 });
    const [item] = await a.claimDue("mail", t0, 30_000);
    expect(item).toBeDefined();
    // a dies here without marking it
    expect(await b.claimDue("mail", new Date(t0.getTime() + 29_999), 30_000)).toEqual([]);
    const [again] = await b.claimDue("mail", new Date(t0.getTime() + 30_000), 30_000);
    expect(again).toEqual(item);
    await b.markSent(again?.id ?? -1, new Date(t0.getTime() + 31_000));
    // a's late answer does not turn b's success into a failure.
    await a.markFailed(item?.id ?? -1, "late", new Date(t0.getTime() + 60_000), new Date(t0.getTime() + 32_000));
    expect((await a.deliveries())[0]).toMatchObject({ status: "sent", nextAttemptAt: null, attempts: 1 });
  });

  it("keeps a receiver's error that holds a NUL (PostgreSQL's text refuses it), without the NUL", async () => {
    const [a] = await twoServers();
    const now = new Date("2026-01-01T10:00:00Z");
    await a.insert(quick, { bodyHash: "x", channels: ["webhook"], now });
    const [item] = await a.claimDue("webhook", now, 30_000);
    await a.markFailed(item?.id ?? -1, "502 bad\u0000gateway", null, now);
    expect((await a.deliveries())[0]).toMatchObject({ status: "dead", lastError: "502 badgateway" });
  });

  it("counts the rate limit across servers and forgets an address when its window ends", async () => {
    const [a, b, url] = await twoServers();
    const window = 60_000;
    const t0 = new Date("2026-01-01T10:00:10Z");
    const hits = [];
    for (const store of [a, b, a, b, a]) hits.push((await store.hit("hash-1", window, t0)).hits);
    expect(hits).toEqual([1, 2, 3, 4, 5]);
    await b.unhit("hash-1", window, t0);
    expect((await a.hit("hash-1", window, t0)).hits).toBe(5);
    expect((await a.hit("hash-1", window, t0)).resetAt.toISOString()).toBe("2026-01-01T10:01:00.000Z");
    // The next window: the old row is swept by the next hit of any address, on any server.
    const t1 = new Date("2026-01-01T10:01:00Z");
    expect((await b.hit("hash-2", window, t1)).hits).toBe(1);
    const rows = await queryDb<{ key: string }>(url, "SELECT key FROM rate_limit");
    expect(rows.map((row) => row.key)).toEqual(["hash-2"]);
  });

  it("purges on every server at once without harm", async () => {
    const [a, b] = await twoServers();
    const old = new Date("2020-01-01T00:00:00Z");
    for (let n = 0; n < 20; n++) await a.insert(quick, { bodyHash: String(n), channels: ["mail"], now: old });
    await a.insert(quick, { bodyHash: "new", channels: ["mail"] });
    const cutoffs = { inquiriesBefore: new Date("2021-01-01"), deadBefore: new Date("2021-01-01"), now: new Date() };
    const results = await Promise.all([a.purge(cutoffs), b.purge(cutoffs), a.purge(cutoffs)]);
    expect(results.reduce((sum, r) => sum + r.inquiries, 0)).toBe(20);
    expect(results.reduce((sum, r) => sum + r.deliveries, 0)).toBe(20);
    expect(await b.count()).toBe(1);
  });

  it("names the database without its password and answers StoreBusyError when it cannot be reached", async () => {
    const url = new URL(postgresUrl() ?? "");
    url.password = "s3cret";
    const store = await PostgresInquiryStore.open(url.toString());
    opened.push(store);
    expect(store.description).toMatch(/^PostgreSQL 127\.0\.0\.1:\d+\/postgres$/);
    expect(store.description).not.toContain("s3cret");
    await expect(
      PostgresInquiryStore.open("postgres://nobody@127.0.0.1:1/none", { busyWaitMs: 200 }),
    ).rejects.toThrow();
  });
});

if (postgresUrl()) describeStoreContract("PostgreSQL", async () => PostgresInquiryStore.open(await freshDatabaseUrl()));
