// A database another connection holds write-locked: the inquiry waits (or
// gets a 503 to retry), and the rest of the server keeps answering.
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import { BUSY_RETRY_AFTER_S } from "../../server/inquiries-api.ts";
import {
  CLIENT_FILES,
  postJson,
  quickInquiry,
  type RunningApp,
  readDb,
  rowCount,
  startApp,
  tempDir,
  waitFor,
} from "./support.ts";

/**
 * A real store that counts the inquiries whose first write has begun (the
 * rate limit's count, before the insert), so the test knows one is waiting.
 */
class ObservedStore extends SqliteInquiryStore {
  begun = 0;
  override hit(...args: Parameters<SqliteInquiryStore["hit"]>) {
    this.begun++;
    return super.hit(...args);
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function lockedApp(busyWaitMs: number) {
  const dir = tempDir();
  const dbPath = join(dir, "inquiries.db");
  const store = new ObservedStore(dbPath, { busyWaitMs });
  const app: RunningApp = await startApp({ dir, store, channels: ["mail"] });
  cleanups.push(() => app.close());
  // Another process's connection takes the write lock and keeps it.
  const other = new Database(dbPath);
  other.exec("BEGIN IMMEDIATE");
  cleanups.push(() => {
    if (other.inTransaction) other.exec("ROLLBACK");
    other.close();
  });
  return { app, store, other };
}

describe("a write-locked database", () => {
  it("does not stall the server: a page answers while an inquiry waits, and the inquiry is stored once the lock goes", async () => {
    // Waits far longer than the test runs: the insert cannot settle before the lock is released.
    const { app, store, other } = await lockedApp(120_000);
    let settled = false;
    const posted = postJson(app.url, quickInquiry({ name: "Patient Visitor" })).finally(() => {
      settled = true;
    });
    await waitFor("the inquiry's first write to begin", () => store.begun === 1);

    const page = await fetch(`${app.url}/about`, { headers: { "accept-encoding": "identity" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(CLIENT_FILES["about/index.html"]);
    // The page came back while the insert was still waiting for the lock.
    expect(settled).toBe(false);
    expect(rowCount(app.dbPath)).toBe(0);

    // SQLite's own busy handler sleeps inside the call, blocking the event loop
    // between the pages it lets through: the store must wait with timers instead.
    expect(store.db.pragma("busy_timeout", { simple: true })).toBe(0);

    other.exec("COMMIT");
    const response = await posted;
    expect(response.status).toBe(201);
    expect(rowCount(app.dbPath)).toBe(1);
  });

  it("locked longer than the store waits: 503 with Retry-After and a JSON error; nothing stored", async () => {
    const { app, other } = await lockedApp(100);
    const response = await postJson(app.url, quickInquiry({ name: "Unlucky Visitor" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_S));
    expect(await response.json()).toEqual({
      error: { code: "busy", message: "the inquiry could not be stored just now; please try again in a moment" },
    });
    expect(app.logs).toContain("inquiries: the database is busy; answered 503");
    other.exec("ROLLBACK");
    expect(rowCount(app.dbPath)).toBe(0);
    expect(readDb(app.dbPath, (db) => db.prepare("SELECT count(*) AS n FROM outbox").get())).toEqual({ n: 0 });

    // Retried once the lock is gone (as the browser does with the same key): stored.
    const retried = await postJson(app.url, quickInquiry({ name: "Unlucky Visitor" }));
    expect(retried.status).toBe(201);
    expect(rowCount(app.dbPath)).toBe(1);
  });
});
