// The daily view counts on each real store (SQLite file; PostgreSQL when the
// run has a cluster): one transaction per flush that adds to existing rows,
// two servers adding to the same rows, the batcher that sums in memory, and
// the retention purge of old days.
import { afterEach, describe, expect, it } from "vitest";
import { RetentionPurge } from "../../inquiries/retention.ts";
import { retention } from "../../site/generated/legal.ts";
import { ViewBatcher } from "../../visits/batcher.ts";
import { openVisitStore } from "../../visits/open-store.ts";
import type { VisitStore } from "../../visits/store.ts";
import { storeKinds } from "../support/stores.ts";
import { viewKey } from "./support.ts";

const key = viewKey;
const total = (rows: { views: number }[]) => rows.reduce((sum, row) => sum + row.views, 0);

describe.each(storeKinds())("view counts on $name", (kind) => {
  const open: { close(): Promise<void> }[] = [];
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  const fresh = async () => {
    const db = await kind.fresh();
    cleanups.push(db.cleanup);
    const inquiries = await db.open();
    open.push(inquiries);
    const visits = async (): Promise<VisitStore> => {
      const store = await openVisitStore(db.location);
      open.push(store);
      return store;
    };
    return { inquiries, visits };
  };

  it("adds to a day's row in one transaction per call, and reads the days asked for", async () => {
    const { visits } = await fresh();
    const store = await visits();
    await store.add([
      { ...key(), views: 2 },
      { ...key({ landing: true, referrerHost: "www.linkedin.com", utmCampaign: "launch" }), views: 1 },
    ]);
    await store.add([
      { ...key(), views: 3 },
      { ...key({ day: "2026-11-27", language: "de" }), views: 4 },
    ]);
    const rows = await store.counts({ from: "2026-11-28", to: "2026-11-28" });
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => !row.landing)).toEqual({ ...key(), views: 5 });
    expect(rows.find((row) => row.landing)).toMatchObject({ referrerHost: "www.linkedin.com", views: 1 });
    expect(total(await store.counts({ from: "2026-11-01", to: "2026-11-30" }))).toBe(10);
  });

  it("two servers adding to the same rows at once lose no view and count none twice", async () => {
    const { visits } = await fresh();
    const [a, b] = [await visits(), await visits()];
    const batch = (n: number) => Array.from({ length: 20 }, (_, i) => ({ ...key({ page: `/p${i}` }), views: n }));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).add(i % 2 === 0 ? batch(1) : batch(2).reverse())),
    );
    const rows = await a.counts({ from: "2026-11-28", to: "2026-11-28" });
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.views === 5 * 1 + 5 * 2)).toBe(true);
  });

  it("the batcher sums in memory and writes once per flush; a failed write keeps its views for the next", async () => {
    const { visits } = await fresh();
    const store = await visits();
    const logs: string[] = [];
    const batcher = new ViewBatcher({ store, everyMs: 60_000, log: (line) => logs.push(line) });
    for (let i = 0; i < 7; i++) batcher.add(key());
    batcher.add(key({ page: "/" }));
    expect(batcher.held).toBe(8);
    expect(await batcher.flush()).toBe(8);
    expect(batcher.held).toBe(0);
    expect(await batcher.flush()).toBe(0);

    const failing = new ViewBatcher({
      store: { ...store, add: () => Promise.reject(new Error("database away")) } as VisitStore,
      everyMs: 60_000,
      log: (line) => logs.push(line),
    });
    failing.add(key(), 3);
    expect(await failing.flush()).toBe(0);
    failing.add(key());
    expect(failing.held).toBe(4);
    expect(logs).toEqual(["visits: could not write 1 counts, will try again: Error"]);
    expect(total(await store.counts({ from: "2026-11-28", to: "2026-11-28" }))).toBe(8);
  });

  it("bounds the keys held in memory: a view under a new key beyond them is dropped and counted as dropped", async () => {
    const { visits } = await fresh();
    const batcher = new ViewBatcher({ store: await visits(), everyMs: 60_000, maxKeys: 2 });
    expect([batcher.add(key()), batcher.add(key({ page: "/" })), batcher.add(key({ page: "/x" }))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(batcher.add(key())).toBe(true);
    expect([batcher.held, batcher.dropped]).toEqual([3, 1]);
  });

  it("the retention purge deletes the days older than retention.visitCountDays, and logs the count", async () => {
    const { inquiries, visits } = await fresh();
    const store = await visits();
    const now = new Date("2026-11-28T12:00:00Z");
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await store.add([
      { ...key({ day: day(retention.visitCountDays + 1) }), views: 1 },
      { ...key({ day: day(retention.visitCountDays) }), views: 2 },
      { ...key({ day: day(0) }), views: 3 },
    ]);
    const logs: string[] = [];
    const purge = new RetentionPurge({
      store: inquiries,
      periods: retention,
      visits: store,
      now: () => now,
      log: (line) => logs.push(line),
    });
    expect((await purge.run()).dailyCounts).toBe(1);
    expect(total(await store.counts({ from: "2000-01-01", to: "2100-01-01" }))).toBe(5);
    expect(logs[0]).toMatch(new RegExp(`, 1 row of daily view counts older than ${retention.visitCountDays} days$`));
  });
});
