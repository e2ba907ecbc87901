import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Inquiry } from "../schemas/inquiry.ts";
import { insertRow } from "./fields.ts";
import { busyOnTransient } from "./postgres/errors.ts";
import { migrate } from "./postgres/migrations.ts";
import { describePostgresUrl } from "./postgres/url.ts";
import { POSTGRES } from "./sql/dialect.ts";
import { render, type Sql, sql } from "./sql/sql.ts";
import { holderOf, insertInquiry, type Result, replayOf, SqlInquiryStore } from "./sql/sql-store.ts";
import { foldEmail } from "./sqlite/migrations.ts";
import { DEFAULT_BUSY_WAIT_MS, type InsertOptions, type InsertResult } from "./store.ts";

export interface PostgresStoreOptions {
  /** How long a call waits for a connection or a row lock before StoreBusyError. */
  busyWaitMs?: number;
  /** Connections in this server's pool. */
  poolSize?: number;
}

/** Purges on several servers take turns: the second finds nothing left. */
const PURGE_LOCK = 7_412_002;
/** How long a statement may run beyond the busy wait before it counts as a database out of reach. */
const STATEMENT_GRACE_MS = 5000;
/** Ended rate-limit windows are swept at most this often per server (and by the purge). */
const SWEEP_EVERY_MS = 1000;

/**
 * The inquiry store on PostgreSQL, for several servers on one database.
 * Every write commits before it resolves; idempotency rests on a unique
 * key, claims on `FOR UPDATE SKIP LOCKED` with a lease, the rate limit on
 * one row per address hash and window.
 */
export class PostgresInquiryStore extends SqlInquiryStore {
  readonly description: string;
  protected readonly dialect = POSTGRES;
  private readonly pool: pg.Pool;
  private lastSweep = 0;

  private constructor(url: string, options: PostgresStoreOptions) {
    super();
    const busyWaitMs = options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS;
    this.description = describePostgresUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: Math.max(busyWaitMs, 1),
      lock_timeout: Math.max(busyWaitMs, 1),
      // A database that stops answering on an open connection (a partition, a frozen host) fails the
      // statement instead of hanging the visitor's request, or the outbox's pass, until TCP gives up
      // (minutes): the connection is then closed, not lent again. lock_timeout covers lock waits.
      query_timeout: busyWaitMs + STATEMENT_GRACE_MS,
      keepAlive: true,
      application_name: "inquiries",
    });
    // An idle connection the server drops (restart, failover) must not crash the process.
    this.pool.on("error", () => {});
  }

  /** Connects and migrates; rejects (with pg's message) when the database cannot be reached. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresInquiryStore> {
    const store = new PostgresInquiryStore(url, options);
    try {
      await migrate(store.pool);
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  /** Every statement outside a transaction goes through here: a database out of reach is StoreBusyError (503), not a bug. */
  protected async run(statement: Sql): Promise<Result> {
    const { text, values } = render(statement, POSTGRES.placeholder);
    const result = await busyOnTransient(() => this.pool.query(text, values));
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  /** The statements in one transaction on one connection. */
  protected async runInTransaction(statements: readonly Sql[]): Promise<Result[]> {
    return busyOnTransient(async () => {
      const client = await this.pool.connect();
      let failure: Error | undefined;
      try {
        await client.query("BEGIN");
        const results: Result[] = [];
        for (const statement of statements) {
          const { text, values } = render(statement, POSTGRES.placeholder);
          const result = await client.query(text, values);
          results.push({ rows: result.rows, changes: result.rowCount ?? 0 });
        }
        await client.query("COMMIT");
        return results;
      } catch (error) {
        failure = error as Error;
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        // After a failure the connection may be broken: the pool closes it rather than lend it again.
        client.release(failure);
      }
    });
  }

  protected override purgePrelude(): Sql[] {
    // A second server purging at the same moment waits here, then deletes what is left: nothing.
    // Waiting for another server's purge is fine here: no visitor waits on a purge.
    return [sql`SET LOCAL lock_timeout = 0`, sql`SELECT pg_advisory_xact_lock(${PURGE_LOCK})`];
  }

  protected purgeRateLimit(now: Date): Sql {
    return sql`DELETE FROM rate_limit WHERE window_end <= ${now}`;
  }

  async insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult> {
    const now = options.now ?? new Date();
    const id = randomUUID();
    const bookkeeping = {
      email_folded: foldEmail(inquiry.email),
      idempotency_key: options.idempotencyKey ?? null,
      body_hash: options.bodyHash,
    };
    // One statement, so one commit: the inquiry and its outbox rows, or nothing.
    // A key another transaction holds makes this wait for it; then DO NOTHING.
    const inserted = await this.run(
      sql`WITH stored AS (
            ${insertInquiry(insertRow(inquiry, { id, receivedAt: now.toISOString(), ...options.origin }, bookkeeping))}
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING id
          ), queued AS (
            INSERT INTO outbox (inquiry_id, channel, created_at, next_attempt_at)
            SELECT stored.id, channel, ${now}::timestamptz, ${now}::timestamptz FROM stored, unnest(${[...options.channels]}::text[]) AS channel
          )
          SELECT id FROM stored`,
    );
    if (inserted.rows.length > 0) return { id, replayed: false };
    // The key was taken (and committed) by another request, on this server or another.
    const { rows } = await this.run(holderOf(options.idempotencyKey ?? ""));
    const holder = rows[0];
    // Erased between the two statements: store it anew.
    if (!holder) return this.insert(inquiry, options);
    return replayOf(holder, options.bodyHash);
  }

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const resetAt = new Date(start.getTime() + windowMs);
    await this.sweep(now);
    const { rows } = await this.run(
      sql`INSERT INTO rate_limit (key, window_start, window_end, hits) VALUES (${key}, ${start}, ${resetAt}, 1)
          ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit.hits + 1
          RETURNING hits`,
    );
    return { hits: Number(rows[0]?.hits ?? 1), resetAt };
  }

  async unhit(key: string, windowMs: number, now: Date): Promise<void> {
    const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    await this.run(
      sql`UPDATE rate_limit SET hits = hits - 1 WHERE key = ${key} AND window_start = ${start} AND hits > 0`,
    );
  }

  /**
   * Deletes ended windows (an address is kept no longer than its window), at
   * most once a second per server. SKIP LOCKED: rows another server is
   * deleting are left to it, so sweeps never wait on each other or deadlock;
   * a sweep that fails costs the visitor nothing (the next one, or the purge, catches up).
   */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS && now.getTime() >= this.lastSweep) return;
    this.lastSweep = now.getTime();
    await this.run(
      sql`DELETE FROM rate_limit WHERE ctid IN (
            SELECT ctid FROM rate_limit WHERE window_end <= ${now} FOR UPDATE SKIP LOCKED
          )`,
    ).catch(() => {});
  }

  async ping(): Promise<void> {
    await this.run(sql`SELECT 1`);
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
