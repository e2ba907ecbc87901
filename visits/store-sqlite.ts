import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { retryWhileBusy } from "../inquiries/sqlite/busy.ts";
import { migrate } from "../inquiries/sqlite/migrations.ts";
import { DEFAULT_BUSY_WAIT_MS } from "../inquiries/store.ts";
import type { ViewCount } from "./key.ts";
import { type DayRange, KEY_COLUMNS, sortedCounts, type VisitStore } from "./store.ts";

const COLUMNS = `day, page, language, landing, referrer_host AS referrerHost, utm_source AS utmSource,
  utm_medium AS utmMedium, utm_campaign AS utmCampaign, views`;

/**
 * The view counts in the inquiries' SQLite file, on a connection of their
 * own (WAL: the inquiry store's writes and these take turns, on timers).
 */
export class SqliteVisitStore implements VisitStore {
  private readonly db: Database.Database;

  constructor(
    path: string,
    private readonly busyWaitMs = DEFAULT_BUSY_WAIT_MS,
  ) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("busy_timeout = 5000");
    // The inquiry store's migrations: the one schema of the file, page_views included.
    migrate(this.db);
    this.db.pragma("busy_timeout = 0");
  }

  async add(counts: readonly ViewCount[]): Promise<void> {
    if (counts.length === 0) return;
    const insert = this.db.prepare(
      `INSERT INTO page_views (${KEY_COLUMNS.join(", ")}, views)
       VALUES (@day, @page, @language, @landing, @referrerHost, @utmSource, @utmMedium, @utmCampaign, @views)
       ON CONFLICT (${KEY_COLUMNS.join(", ")}) DO UPDATE SET views = views + excluded.views`,
    );
    const rows = sortedCounts(counts).map((count) => ({ ...count, landing: count.landing ? 1 : 0 }));
    const transaction = this.db.transaction(() => {
      for (const row of rows) insert.run(row);
    });
    await retryWhileBusy(() => transaction.immediate(), this.busyWaitMs);
  }

  async counts(range: DayRange): Promise<ViewCount[]> {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM page_views WHERE day >= ? AND day <= ?`)
      .all(range.from, range.to) as (Omit<ViewCount, "landing"> & { landing: number })[];
    return rows.map((row) => ({ ...row, landing: row.landing === 1 }));
  }

  async purgeBefore(day: string): Promise<number> {
    return retryWhileBusy(
      () => this.db.prepare("DELETE FROM page_views WHERE day < ?").run(day).changes,
      this.busyWaitMs,
    );
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
