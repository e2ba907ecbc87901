import type { ViewCount } from "./key.ts";

/** Days, inclusive, as YYYY-MM-DD (UTC). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Where the daily view counts live: the inquiry database (its migrations
 * create the table, `page_views`), SQLite or PostgreSQL. Several servers add
 * to the same rows; each add is one transaction.
 */
export interface VisitStore {
  /**
   * Adds the counts in one transaction: a row's views grow by the count's
   * (`INSERT … ON CONFLICT DO UPDATE SET views = views + excluded.views`).
   * All or nothing; rejects with StoreBusyError when the database is busy.
   */
  add(counts: readonly ViewCount[]): Promise<void>;
  /** Every row of the days in `range`, in no particular order. */
  counts(range: DayRange): Promise<ViewCount[]>;
  /** Deletes the days before `day` (YYYY-MM-DD); returns how many rows. */
  purgeBefore(day: string): Promise<number>;
  close(): Promise<void>;
}

/** The key columns of page_views, in the order of its primary key. */
export const KEY_COLUMNS = [
  "day",
  "page",
  "language",
  "landing",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;

/** Counts sorted by key: two servers adding overlapping rows lock them in the same order. */
export function sortedCounts(counts: readonly ViewCount[]): ViewCount[] {
  const order = (c: ViewCount) =>
    [c.day, c.page, c.language, c.landing ? "1" : "0", c.referrerHost, c.utmSource, c.utmMedium, c.utmCampaign].join(
      "\u0000",
    );
  return [...counts].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
