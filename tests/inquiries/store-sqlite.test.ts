// The store contract on a real SQLite file, plus what only SQLite has: the
// migration of a version-2 file ('failed' rows become dead) and a second
// connection to the same file (two servers sharing one store).
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../inquiries/sqlite/migrations.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import { defaultLocale } from "../../site/generated/locales.ts";
import { removeDir, tempDir } from "../server/support.ts";
import { describeStoreContract } from "./store-contract.ts";

const dir = tempDir("store-sqlite-");
afterAll(() => removeDir(dir));
let n = 0;
const freshPath = () => join(dir, `store-${++n}.db`);

describeStoreContract("SQLite file", async () => new SqliteInquiryStore(freshPath()));

describe("SQLite store", () => {
  it("migrates a version-2 file: 'failed' rows become dead, pending ones keep their due time, e-mails are folded", async () => {
    const path = freshPath();
    const old = new Database(path);
    old.exec(`CREATE TABLE inquiries (id TEXT PRIMARY KEY, received_at TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
      email TEXT NOT NULL, company TEXT NOT NULL, role TEXT, arr TEXT, industry TEXT, challenges TEXT, objectives TEXT,
      timeline TEXT, message TEXT, idempotency_key TEXT UNIQUE, body_hash TEXT);
      CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')), attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL, last_error TEXT, sent_at TEXT, channel TEXT NOT NULL DEFAULT 'mail');
      INSERT INTO inquiries (id, received_at, kind, name, email, company, message) VALUES
        ('i1', '2026-01-01T00:00:00.000Z', 'quick', 'N', 'Mixed.Case@Example.org', 'C', 'm');
      INSERT INTO outbox (inquiry_id, status, attempts, next_attempt_at, last_error) VALUES
        ('i1', 'failed', 3, '2026-01-01T00:00:05.000Z', 'ECONNREFUSED'),
        ('i1', 'pending', 1, '2026-01-01T00:00:09.000Z', NULL);
      PRAGMA user_version = 2;`);
    old.close();
    const store = new SqliteInquiryStore(path);
    const rows = await store.deliveries();
    expect(rows.map((d) => [d.status, d.attempts, d.createdAt, d.nextAttemptAt, d.lastError])).toEqual([
      ["dead", 3, "2026-01-01T00:00:00.000Z", null, "ECONNREFUSED"],
      ["pending", 1, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:09.000Z", null],
    ]);
    expect(rows[0]?.deadAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await store.findByEmail("mixed.case@example.ORG")).inquiries.map((i) => i.id)).toEqual(["i1"]);
    await store.close();
    // Opening again applies nothing twice.
    const again = new SqliteInquiryStore(path);
    expect(await again.outboxStatus()).toEqual({ pending: 1, sent: 0, dead: 1 });
    await again.close();
  });

  it("migrates a file from before languages: its inquiries are in the default language, new ones in theirs", async () => {
    const path = freshPath();
    const old = new Database(path);
    // The file as the last version without a language left it.
    const before = MIGRATIONS.findIndex((step) => typeof step === "string" && /ADD COLUMN language/.test(step));
    expect(before).toBeGreaterThan(0);
    for (const step of MIGRATIONS.slice(0, before)) {
      if (typeof step === "function") step(old);
      else old.exec(step);
    }
    old.pragma(`user_version = ${before}`);
    old.exec(`INSERT INTO inquiries (id, received_at, kind, name, email, email_folded, company, message, body_hash)
      VALUES ('old', '2026-01-01T00:00:00.000Z', 'quick', 'N', 'n@example.org', 'n@example.org', 'C', 'm', 'h');`);
    old.close();

    const store = new SqliteInquiryStore(path);
    expect(store.db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    expect((await store.get("old"))?.language).toBe(defaultLocale);
    const inserted = await store.insert(
      { kind: "quick", language: "de", name: "N", email: "n@example.org", company: "C", message: "m" },
      { bodyHash: "h2", channels: [] },
    );
    if (!("id" in inserted)) throw new Error("insert failed");
    expect((await store.list()).map((i) => [i.id, i.language])).toEqual([
      ["old", defaultLocale],
      [inserted.id, "de"],
    ]);
    await store.close();
  });

  it("two connections to one file (two servers) claim disjoint messages", async () => {
    const path = freshPath();
    const a = new SqliteInquiryStore(path);
    const b = new SqliteInquiryStore(path);
    for (let i = 0; i < 6; i++) {
      await a.insert(
        { kind: "quick", language: "en", name: `N${i}`, email: "x@y.example", company: "C", message: "m" },
        {
          bodyHash: `h${i}`,
          channels: ["mail"],
        },
      );
    }
    const now = new Date();
    const first = await a.claimDue("mail", now, 60_000, 4);
    const second = await b.claimDue("mail", now, 60_000, 4);
    expect(first).toHaveLength(4);
    expect(second.map((item) => item.id)).toEqual([5, 6]);
    await a.close();
    await b.close();
  });
});
