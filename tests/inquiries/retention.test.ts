// The retention purge with a controlled clock, on a real SQLite file: the
// periods are the ones the privacy notice states (data/legal.yaml), and the
// log holds counts only.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RetentionPurge } from "../../inquiries/retention.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { retention } from "../../site/generated/legal.ts";
import { quickInquiry, readDb, removeDir, tempDir } from "../server/support.ts";

const DAY = 86_400_000;
const now = new Date("2026-09-01T09:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

let dir: string;
let dbPath: string;
let store: SqliteInquiryStore;
beforeEach(() => {
  dir = tempDir("retention-");
  dbPath = join(dir, "inquiries.db");
  store = new SqliteInquiryStore(dbPath);
});
afterEach(async () => {
  await store.close();
  removeDir(dir);
});

async function insert(name: string, receivedAt: Date, key?: string): Promise<string> {
  const result = await store.insert(quickInquiry({ name, email: `${name.toLowerCase()}@person.example` }) as Inquiry, {
    bodyHash: name,
    idempotencyKey: key,
    channels: ["mail", "webhook"],
    now: receivedAt,
  });
  if (!("id" in result)) throw new Error("insert failed");
  return result.id;
}

describe(`retention: inquiries after ${retention.inquiryDays} days, dead messages after ${retention.deadMessageDays}`, () => {
  it("an inquiry older than the period is gone with its messages and idempotency key; a younger one stays", async () => {
    const old = await insert("Old", daysAgo(retention.inquiryDays + 1), "old-idempotency-key");
    const young = await insert("Young", daysAgo(retention.inquiryDays - 1), "young-idempotency-key");
    const logs: string[] = [];
    const purge = new RetentionPurge({ store, periods: retention, now: () => now, log: (m) => logs.push(m) });

    expect(await purge.run()).toEqual({ inquiries: 1, deliveries: 2, rateLimitWindows: 0 });
    expect(await store.get(old)).toBeUndefined();
    expect((await store.list()).map((i) => i.id)).toEqual([young]);
    expect(new Set((await store.deliveries()).map((d) => d.inquiryId))).toEqual(new Set([young]));
    const keys = readDb(dbPath, (db) => db.prepare("SELECT idempotency_key AS k FROM inquiries").all());
    expect(keys).toEqual([{ k: "young-idempotency-key" }]);
    expect(logs).toEqual([
      `retention: deleted 1 inquiry older than ${retention.inquiryDays} days, 2 deliveries (of those inquiries, or dead for over ${retention.deadMessageDays} days), 0 rate-limit windows`,
    ]);
  });

  it("a dead message past its period goes; the inquiry and a more recently dead message stay", async () => {
    const id = await insert("Dead", daysAgo(retention.deadMessageDays + 5));
    const claimed = [
      ...(await store.claimDue("mail", daysAgo(retention.deadMessageDays + 5), 60_000)),
      ...(await store.claimDue("webhook", daysAgo(retention.deadMessageDays + 5), 60_000)),
    ];
    await store.markFailed(claimed[0]?.id ?? -1, "550", null, daysAgo(retention.deadMessageDays + 1));
    await store.markFailed(claimed[1]?.id ?? -1, "410", null, daysAgo(retention.deadMessageDays - 1));
    const purge = new RetentionPurge({ store, periods: retention, now: () => now, log: () => {} });
    expect(await purge.run()).toEqual({ inquiries: 0, deliveries: 1, rateLimitWindows: 0 });
    expect((await store.deliveries()).map((d) => [d.inquiryId, d.channel])).toEqual([[id, "webhook"]]);
  });

  it("start() purges at once, then on its timer, which keeps no process alive", async () => {
    await insert("Ancient", daysAgo(retention.inquiryDays * 2));
    const logs: string[] = [];
    const purge = new RetentionPurge({ store, periods: retention, now: () => now, log: (m) => logs.push(m) });
    expect(await purge.start()).toMatchObject({ inquiries: 1 });
    const timer = (purge as unknown as { timer: NodeJS.Timeout }).timer;
    expect(timer.hasRef()).toBe(false);
    purge.stop();
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toMatch(/ancient|person\.example/i);
  });
});
