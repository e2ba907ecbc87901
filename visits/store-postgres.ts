import pg from "pg";
import { busyOnTransient } from "../inquiries/postgres/errors.ts";
import { migrate } from "../inquiries/postgres/migrations.ts";
import { DEFAULT_BUSY_WAIT_MS } from "../inquiries/store.ts";
import type { ViewCount } from "./key.ts";
import { type DayRange, KEY_COLUMNS, sortedCounts, type VisitStore } from "./store.ts";

/** The view counts in the inquiries' PostgreSQL database, on a small pool of their own. */
export class PostgresVisitStore implements VisitStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects and runs the inquiry store's migrations (page_views is one of them). */
  static async open(url: string, busyWaitMs = DEFAULT_BUSY_WAIT_MS): Promise<PostgresVisitStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 2,
      connectionTimeoutMillis: Math.max(busyWaitMs, 1),
      lock_timeout: Math.max(busyWaitMs, 1),
      query_timeout: busyWaitMs + 5000,
      application_name: "visits",
    });
    pool.on("error", () => {});
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresVisitStore(pool);
  }

  /** One statement, so one transaction: every row grows, or none. Rows are locked in key order. */
  async add(counts: readonly ViewCount[]): Promise<void> {
    if (counts.length === 0) return;
    const rows = sortedCounts(counts);
    const column = <T>(get: (count: ViewCount) => T) => rows.map(get);
    await busyOnTransient(() =>
      this.pool.query(
        `INSERT INTO page_views (${KEY_COLUMNS.join(", ")}, views)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[])
         ON CONFLICT (${KEY_COLUMNS.join(", ")}) DO UPDATE SET views = page_views.views + excluded.views`,
        [
          column((c) => c.day),
          column((c) => c.page),
          column((c) => c.language),
          column((c) => c.landing),
          column((c) => c.referrerHost),
          column((c) => c.utmSource),
          column((c) => c.utmMedium),
          column((c) => c.utmCampaign),
          column((c) => c.views),
        ],
      ),
    );
  }

  async counts(range: DayRange): Promise<ViewCount[]> {
    const { rows } = await busyOnTransient(() =>
      this.pool.query<ViewCount & { views: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, page, language, landing, referrer_host AS "referrerHost",
           utm_source AS "utmSource", utm_medium AS "utmMedium", utm_campaign AS "utmCampaign", views
         FROM page_views WHERE day >= $1::date AND day <= $2::date`,
        [range.from, range.to],
      ),
    );
    return rows.map((row) => ({ ...row, views: Number(row.views) }));
  }

  async purgeBefore(day: string): Promise<number> {
    const result = await busyOnTransient(() => this.pool.query("DELETE FROM page_views WHERE day < $1::date", [day]));
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
