import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Inquiry } from "../schemas/inquiry.ts";
import { retryWhileBusy } from "./sqlite/busy.ts";
import { foldEmail, migrate } from "./sqlite/migrations.ts";
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

const SELECT = `SELECT id, received_at AS receivedAt, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message, language FROM inquiries`;
const SELECT_DELIVERY = `SELECT id, inquiry_id AS inquiryId, channel, attempts, status, created_at AS createdAt,
  next_attempt_at AS nextAttemptAt, last_error AS lastError, sent_at AS sentAt, dead_at AS deadAt FROM outbox`;
/** The inquiries of one folded address, for the access and erasure requests. */
const OF_ADDRESS = "SELECT id FROM inquiries WHERE email_folded = ?";

/**
 * The embedded inquiry store: one SQLite file in WAL mode. Every write is a
 * transaction that is committed before the caller answers the visitor.
 * better-sqlite3 is synchronous; the methods are async to keep the
 * InquiryStore interface a network store can implement too.
 */
export class SqliteInquiryStore implements InquiryStore {
  readonly db: Database.Database;
  readonly description: string;
  private readonly busyWaitMs: number;

  /** `busyWaitMs`: how long a write waits for a database another connection holds locked. */
  constructor(path: string, { busyWaitMs = DEFAULT_BUSY_WAIT_MS }: { busyWaitMs?: number } = {}) {
    this.busyWaitMs = busyWaitMs;
    this.description = `SQLite ${path}`;
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    // FULL: a committed inquiry survives power loss, not only a process crash.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
    // Blocking is fine while starting (nothing is served yet) ...
    this.db.pragma("busy_timeout = 5000");
    migrate(this.db);
    // ... but not after: SQLite's busy handler sleeps inside the call and would
    // stall the event loop, static pages included. Writes wait in `write()`.
    this.db.pragma("busy_timeout = 0");
  }

  /** Every write goes through here: waits on timers while another connection holds the lock. */
  private write<T>(run: () => T): Promise<T> {
    return retryWhileBusy(run, this.busyWaitMs);
  }

  /** A write transaction that takes the write lock first (IMMEDIATE), so a busy database fails before any read. */
  private transaction<T>(run: () => T): Promise<T> {
    const transaction = this.db.transaction(run);
    return this.write(() => transaction.immediate());
  }

  async insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult> {
    const now = (options.now ?? new Date()).toISOString();
    return this.transaction((): InsertResult => {
      if (options.idempotencyKey) {
        const existing = this.db
          .prepare("SELECT id, body_hash AS bodyHash FROM inquiries WHERE idempotency_key = ?")
          .get(options.idempotencyKey) as { id: string; bodyHash: string } | undefined;
        if (existing)
          return existing.bodyHash === options.bodyHash ? { id: existing.id, replayed: true } : { conflict: true };
      }
      const id = randomUUID();
      const full = inquiry.kind === "full" ? inquiry : undefined;
      const row = {
        id,
        received_at: now,
        kind: inquiry.kind,
        name: inquiry.name,
        email: inquiry.email,
        email_folded: foldEmail(inquiry.email),
        company: inquiry.company,
        role: full?.role ?? null,
        arr: full?.arr ?? null,
        industry: full?.industry ?? null,
        challenges: full?.challenges ?? null,
        objectives: full?.objectives ?? null,
        timeline: full?.timeline ?? null,
        message: inquiry.kind === "quick" ? inquiry.message : null,
        language: inquiry.language,
        idempotency_key: options.idempotencyKey ?? null,
        body_hash: options.bodyHash,
      };
      this.db
        .prepare(
          `INSERT INTO inquiries (id, received_at, kind, name, email, email_folded, company, role, arr, industry, challenges, objectives, timeline, message, language, idempotency_key, body_hash)
           VALUES (@id, @received_at, @kind, @name, @email, @email_folded, @company, @role, @arr, @industry, @challenges, @objectives, @timeline, @message, @language, @idempotency_key, @body_hash)`,
        )
        .run(row);
      const outbox = this.db.prepare(
        "INSERT INTO outbox (inquiry_id, channel, created_at, next_attempt_at) VALUES (?, ?, ?, ?)",
      );
      for (const channel of options.channels) outbox.run(id, channel, now, now);
      return { id, replayed: false };
    });
  }

  async get(id: string): Promise<StoredInquiry | undefined> {
    return this.db.prepare(`${SELECT} WHERE id = ?`).get(id) as StoredInquiry | undefined;
  }

  async list(since?: Date): Promise<StoredInquiry[]> {
    if (!since) return this.db.prepare(`${SELECT} ORDER BY received_at, rowid`).all() as StoredInquiry[];
    return this.db
      .prepare(`${SELECT} WHERE received_at >= ? ORDER BY received_at, rowid`)
      .all(since.toISOString()) as StoredInquiry[];
  }

  async count(): Promise<number> {
    return (this.db.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n;
  }

  async claimDue(channel: string, now: Date, leaseMs: number, limit = 20): Promise<OutboxItem[]> {
    return this.transaction(() => {
      const items = this.db
        .prepare(
          `SELECT id, inquiry_id AS inquiryId, channel, attempts FROM outbox
           WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?`,
        )
        .all(channel, now.toISOString(), limit) as OutboxItem[];
      const lease = this.db.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?");
      const until = new Date(now.getTime() + leaseMs).toISOString();
      for (const item of items) lease.run(until, item.id);
      return items;
    });
  }

  async markSent(outboxId: number, now: Date): Promise<void> {
    await this.write(() =>
      this.db
        .prepare(
          `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, next_attempt_at = NULL,
           last_error = NULL, dead_at = NULL WHERE id = ? AND status = 'pending'`,
        )
        .run(now.toISOString(), outboxId),
    );
  }

  async markFailed(
    outboxId: number,
    error: string,
    nextAttemptAt: Date | null,
    now: Date,
    lease?: Date,
  ): Promise<void> {
    await this.write(() =>
      this.db
        .prepare(
          `UPDATE outbox SET attempts = attempts + 1, last_error = ?, status = ?, next_attempt_at = ?, dead_at = ?
           WHERE id = ? AND status = 'pending' AND (? IS NULL OR next_attempt_at = ?)`,
        )
        .run(
          error.slice(0, 1000),
          nextAttemptAt ? "pending" : "dead",
          nextAttemptAt?.toISOString() ?? null,
          nextAttemptAt ? null : now.toISOString(),
          outboxId,
          lease?.toISOString() ?? null,
          lease?.toISOString() ?? null,
        ),
    );
  }

  async release(outboxIds: readonly number[], dueAt: Date, lease: Date): Promise<number> {
    if (outboxIds.length === 0) return 0;
    return this.transaction(() => {
      const release = this.db.prepare(
        "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?",
      );
      let released = 0;
      for (const id of outboxIds) released += release.run(dueAt.toISOString(), id, lease.toISOString()).changes;
      return released;
    });
  }

  async deliveries(filter: { channel?: string; status?: readonly DeliveryState[] } = {}): Promise<Delivery[]> {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.channel !== undefined) {
      where.push("channel = ?");
      params.push(filter.channel);
    }
    if (filter.status) {
      where.push(`status IN (${filter.status.map(() => "?").join(", ") || "NULL"})`);
      params.push(...filter.status);
    }
    const clause = where.length > 0 ? ` WHERE ${where.join(" AND ")}` : "";
    return this.db.prepare(`${SELECT_DELIVERY}${clause} ORDER BY id`).all(...params) as Delivery[];
  }

  async redeliver(target: RedeliverTarget, now: Date): Promise<number> {
    const set = `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, sent_at = NULL, dead_at = NULL`;
    const at = now.toISOString();
    return this.write(() => {
      if ("id" in target) return this.db.prepare(`${set} WHERE id = ?`).run(at, target.id).changes;
      if (target.channel === undefined) return this.db.prepare(`${set} WHERE status = 'dead'`).run(at).changes;
      return this.db.prepare(`${set} WHERE status = 'dead' AND channel = ?`).run(at, target.channel).changes;
    });
  }

  async outboxStatus(channel?: string): Promise<OutboxStatus> {
    const rows = (
      channel === undefined
        ? this.db.prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status").all()
        : this.db.prepare("SELECT status, count(*) AS n FROM outbox WHERE channel = ? GROUP BY status").all(channel)
    ) as { status: DeliveryState; n: number }[];
    const counts: OutboxStatus = { pending: 0, sent: 0, dead: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  async findByEmail(email: string): Promise<{ inquiries: StoredInquiry[]; deliveries: Delivery[] }> {
    const folded = foldEmail(email);
    return {
      inquiries: this.db
        .prepare(`${SELECT} WHERE email_folded = ? ORDER BY received_at, rowid`)
        .all(folded) as StoredInquiry[],
      deliveries: this.db
        .prepare(`${SELECT_DELIVERY} WHERE inquiry_id IN (${OF_ADDRESS}) ORDER BY id`)
        .all(folded) as Delivery[],
    };
  }

  async eraseByEmail(email: string): Promise<EraseCounts> {
    const folded = foldEmail(email);
    return this.transaction(() => ({
      deliveries: this.db.prepare(`DELETE FROM outbox WHERE inquiry_id IN (${OF_ADDRESS})`).run(folded).changes,
      // The idempotency key is a column of the inquiry's row: it goes with it.
      inquiries: this.db.prepare("DELETE FROM inquiries WHERE email_folded = ?").run(folded).changes,
    }));
  }

  async purge(cutoffs: { inquiriesBefore: Date; deadBefore: Date; now: Date }): Promise<PurgeCounts> {
    const before = cutoffs.inquiriesBefore.toISOString();
    return this.transaction(() => {
      const ofOld = this.db
        .prepare("DELETE FROM outbox WHERE inquiry_id IN (SELECT id FROM inquiries WHERE received_at < ?)")
        .run(before).changes;
      const inquiries = this.db.prepare("DELETE FROM inquiries WHERE received_at < ?").run(before).changes;
      const dead = this.db
        .prepare("DELETE FROM outbox WHERE status = 'dead' AND dead_at < ?")
        .run(cutoffs.deadBefore.toISOString()).changes;
      const rateLimitWindows = this.db
        .prepare("DELETE FROM rate_limit WHERE window_start + window_ms <= ?")
        .run(cutoffs.now.getTime()).changes;
      return { inquiries, deliveries: ofOld + dead, rateLimitWindows };
    });
  }

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const start = windowStart(now, windowMs);
    const row = await this.write(
      () =>
        this.db
          .prepare(
            `INSERT INTO rate_limit (key, window_start, window_ms, hits) VALUES (?, ?, ?, 1)
             ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits`,
          )
          .get(key, start, windowMs) as { hits: number },
    );
    return { hits: row.hits, resetAt: new Date(start + windowMs) };
  }

  async unhit(key: string, windowMs: number, now: Date): Promise<void> {
    await this.write(() =>
      this.db
        .prepare("UPDATE rate_limit SET hits = max(hits - 1, 0) WHERE key = ? AND window_start = ?")
        .run(key, windowStart(now, windowMs)),
    );
  }

  async ping(): Promise<void> {
    // Reads the file's first page (a readable schema), not only the connection's state.
    this.db.prepare("SELECT count(*) FROM sqlite_schema").get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** The fixed window that holds `now`: windows of one length start at multiples of it since the epoch. */
function windowStart(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}
