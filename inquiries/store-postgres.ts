import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Inquiry } from "../schemas/inquiry.ts";
import { busyOnTransient } from "./postgres/errors.ts";
import { migrate } from "./postgres/migrations.ts";
import type { Query } from "./postgres/outbox.ts";
import * as outbox from "./postgres/outbox.ts";
import {
  DELIVERY_COLUMNS,
  type DeliveryRow,
  INQUIRY_COLUMNS,
  type InquiryRow,
  toDelivery,
  toInquiry,
} from "./postgres/rows.ts";
import { describePostgresUrl } from "./postgres/url.ts";
import { foldEmail } from "./sqlite/migrations.ts";
import {
  DEFAULT_BUSY_WAIT_MS,
  type Delivery,
  type DeliveryState,
  type EraseCounts,
  type InquiryStore,
  type InsertOptions,
  type InsertResult,
  type OutboxItem,
  type OutboxStatus,
  type PurgeCounts,
  type RedeliverTarget,
  type StoredInquiry,
} from "./store.ts";

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
export class PostgresInquiryStore implements InquiryStore {
  readonly description: string;
  private readonly pool: pg.Pool;
  private lastSweep = 0;

  private constructor(url: string, options: PostgresStoreOptions) {
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

  /** Every statement goes through here: a database out of reach is StoreBusyError (503), not a bug. */
  private readonly query: Query = (text, values = []) => busyOnTransient(() => this.pool.query(text, values));

  /** Runs `work` in one transaction on one connection. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return busyOnTransient(async () => {
      const client = await this.pool.connect();
      let failure: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(client);
        await client.query("COMMIT");
        return result;
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

  async insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult> {
    const now = options.now ?? new Date();
    const full = inquiry.kind === "full" ? inquiry : undefined;
    const id = randomUUID();
    // One statement, so one commit: the inquiry and its outbox rows, or nothing.
    // A key another transaction holds makes this wait for it; then DO NOTHING.
    const inserted = await this.query<{ id: string }>(
      `WITH stored AS (
         INSERT INTO inquiries (id, received_at, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message, idempotency_key, body_hash, email_folded, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $17, $18)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id
       ), queued AS (
         INSERT INTO outbox (inquiry_id, channel, created_at, next_attempt_at)
         SELECT stored.id, channel, $2, $2 FROM stored, unnest($16::text[]) AS channel
       )
       SELECT id FROM stored`,
      [
        id,
        now,
        inquiry.kind,
        inquiry.name,
        inquiry.email,
        inquiry.company,
        full?.role ?? null,
        full?.arr ?? null,
        full?.industry ?? null,
        full?.challenges ?? null,
        full?.objectives ?? null,
        full?.timeline ?? null,
        inquiry.kind === "quick" ? inquiry.message : null,
        options.idempotencyKey ?? null,
        options.bodyHash,
        [...options.channels],
        foldEmail(inquiry.email),
        inquiry.language,
      ],
    );
    if (inserted.rows.length > 0) return { id, replayed: false };
    // The key was taken (and committed) by another request, on this server or another.
    const { rows } = await this.query<{ id: string; body_hash: string }>(
      "SELECT id, body_hash FROM inquiries WHERE idempotency_key = $1",
      [options.idempotencyKey],
    );
    const winner = rows[0];
    // Erased between the two statements: store it anew.
    if (!winner) return this.insert(inquiry, options);
    return winner.body_hash === options.bodyHash ? { id: winner.id, replayed: true } : { conflict: true };
  }

  async get(id: string): Promise<StoredInquiry | undefined> {
    const { rows } = await this.query<InquiryRow>(`SELECT ${INQUIRY_COLUMNS} FROM inquiries WHERE id = $1`, [id]);
    return rows[0] && toInquiry(rows[0]);
  }

  async list(since?: Date): Promise<StoredInquiry[]> {
    const { rows } = await this.query<InquiryRow>(
      `SELECT ${INQUIRY_COLUMNS} FROM inquiries WHERE $1::timestamptz IS NULL OR received_at >= $1 ORDER BY received_at, seq`,
      [since ?? null],
    );
    return rows.map(toInquiry);
  }

  async count(): Promise<number> {
    const { rows } = await this.query<{ n: string }>("SELECT count(*) AS n FROM inquiries");
    return Number(rows[0]?.n ?? 0);
  }

  claimDue(channel: string, now: Date, leaseMs: number, limit = 20): Promise<OutboxItem[]> {
    return outbox.claimDue(this.query, channel, now, leaseMs, limit);
  }

  markSent(outboxId: number, now: Date): Promise<void> {
    return outbox.markSent(this.query, outboxId, now);
  }

  markFailed(outboxId: number, error: string, nextAttemptAt: Date | null, now: Date, lease?: Date): Promise<void> {
    return outbox.markFailed(this.query, outboxId, error, nextAttemptAt, now, lease);
  }

  release(outboxIds: readonly number[], dueAt: Date, lease: Date): Promise<number> {
    return outbox.release(this.query, outboxIds, dueAt, lease);
  }

  deliveries(filter: { channel?: string; status?: readonly DeliveryState[] } = {}): Promise<Delivery[]> {
    return outbox.deliveries(this.query, filter);
  }

  redeliver(target: RedeliverTarget, now: Date): Promise<number> {
    return outbox.redeliver(this.query, target, now);
  }

  outboxStatus(channel?: string): Promise<OutboxStatus> {
    return outbox.outboxStatus(this.query, channel);
  }

  async findByEmail(email: string): Promise<{ inquiries: StoredInquiry[]; deliveries: Delivery[] }> {
    const inquiries = await this.query<InquiryRow>(
      `SELECT ${INQUIRY_COLUMNS} FROM inquiries WHERE email_folded = $1 ORDER BY received_at, seq`,
      [foldEmail(email)],
    );
    const deliveries = await this.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM outbox
       WHERE inquiry_id IN (SELECT id FROM inquiries WHERE email_folded = $1) ORDER BY id`,
      [foldEmail(email)],
    );
    return { inquiries: inquiries.rows.map(toInquiry), deliveries: deliveries.rows.map(toDelivery) };
  }

  async eraseByEmail(email: string): Promise<EraseCounts> {
    return this.transaction(async (client) => {
      const deliveries = await client.query(
        "DELETE FROM outbox WHERE inquiry_id IN (SELECT id FROM inquiries WHERE email_folded = $1)",
        [foldEmail(email)],
      );
      const inquiries = await client.query("DELETE FROM inquiries WHERE email_folded = $1", [foldEmail(email)]);
      return { inquiries: inquiries.rowCount ?? 0, deliveries: deliveries.rowCount ?? 0 };
    });
  }

  async purge(cutoffs: { inquiriesBefore: Date; deadBefore: Date; now: Date }): Promise<PurgeCounts> {
    return this.transaction(async (client) => {
      // A second server purging at the same moment waits here, then deletes what is left: nothing.
      // Waiting for another server's purge is fine here: no visitor waits on a purge.
      await client.query("SET LOCAL lock_timeout = 0");
      await client.query("SELECT pg_advisory_xact_lock($1)", [PURGE_LOCK]);
      const old = "SELECT id FROM inquiries WHERE received_at < $1";
      const ofOld = await client.query(`DELETE FROM outbox WHERE inquiry_id IN (${old})`, [cutoffs.inquiriesBefore]);
      const inquiries = await client.query("DELETE FROM inquiries WHERE received_at < $1", [cutoffs.inquiriesBefore]);
      const dead = await client.query("DELETE FROM outbox WHERE status = 'dead' AND dead_at < $1", [
        cutoffs.deadBefore,
      ]);
      const windows = await client.query("DELETE FROM rate_limit WHERE window_end <= $1", [cutoffs.now]);
      return {
        inquiries: inquiries.rowCount ?? 0,
        deliveries: (ofOld.rowCount ?? 0) + (dead.rowCount ?? 0),
        rateLimitWindows: windows.rowCount ?? 0,
      };
    });
  }

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const resetAt = new Date(start.getTime() + windowMs);
    await this.sweep(now);
    const { rows } = await this.query<{ hits: number }>(
      `INSERT INTO rate_limit (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit.hits + 1
       RETURNING hits`,
      [key, start, resetAt],
    );
    return { hits: rows[0]?.hits ?? 1, resetAt };
  }

  async unhit(key: string, windowMs: number, now: Date): Promise<void> {
    const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    await this.query("UPDATE rate_limit SET hits = hits - 1 WHERE key = $1 AND window_start = $2 AND hits > 0", [
      key,
      start,
    ]);
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
    await this.query(
      `DELETE FROM rate_limit WHERE ctid IN (
         SELECT ctid FROM rate_limit WHERE window_end <= $1 FOR UPDATE SKIP LOCKED
       )`,
      [now],
    ).catch(() => {});
  }

  async ping(): Promise<void> {
    await this.query("SELECT 1");
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
