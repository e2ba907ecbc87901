import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Inquiry } from "../schemas/inquiry.ts";
import {
  DEFAULT_BUSY_WAIT_MS,
  type InquiryStore,
  type InsertOptions,
  type InsertResult,
  type OutboxItem,
  type OutboxStatus,
  StoreBusyError,
  type StoredInquiry,
} from "./store.ts";

/** Schema versions, applied in order; `user_version` records how far a file is. */
const MIGRATIONS = [
  `CREATE TABLE inquiries (
     id TEXT PRIMARY KEY,
     received_at TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('full', 'quick')),
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT, arr TEXT, industry TEXT,
     challenges TEXT, objectives TEXT, timeline TEXT,
     message TEXT,
     idempotency_key TEXT UNIQUE,
     body_hash TEXT
   );
   CREATE INDEX inquiries_received_at ON inquiries (received_at);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     last_error TEXT,
     sent_at TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  // Each delivery channel (mail, webhook) keeps its own delivery state: one outbox row per channel.
  `ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
   DROP INDEX outbox_due;
   CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at);`,
];

/**
 * The embedded inquiry store: one SQLite file in WAL mode. Every write is a
 * transaction that is committed before the caller answers the visitor.
 * better-sqlite3 is synchronous; the methods are async to keep the
 * InquiryStore interface a network store can implement too.
 */
export class SqliteInquiryStore implements InquiryStore {
  readonly db: Database.Database;
  private readonly busyWaitMs: number;

  /** `busyWaitMs`: how long a write waits for a database another connection holds locked. */
  constructor(path: string, { busyWaitMs = DEFAULT_BUSY_WAIT_MS }: { busyWaitMs?: number } = {}) {
    this.busyWaitMs = busyWaitMs;
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    // FULL: a committed inquiry survives power loss, not only a process crash.
    this.db.pragma("synchronous = FULL");
    this.db.pragma("foreign_keys = ON");
    // Blocking is fine while starting (nothing is served yet) ...
    this.db.pragma("busy_timeout = 5000");
    this.migrate();
    // ... but not after: SQLite's busy handler sleeps inside the call and would
    // stall the event loop, static pages included. Writes wait in `write()`.
    this.db.pragma("busy_timeout = 0");
  }

  /**
   * Runs a write; while another connection holds the lock, tries again
   * after short timer waits (the event loop keeps serving) for up to
   * `busyWaitMs`, then gives up with StoreBusyError.
   */
  private async write<T>(run: () => T): Promise<T> {
    const deadline = Date.now() + this.busyWaitMs;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error)) throw error;
        const left = deadline - Date.now();
        if (left <= 0) throw new StoreBusyError(error);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left)));
      }
    }
  }

  private migrate(): void {
    const version = this.db.pragma("user_version", { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v] as string);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  async insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult> {
    const now = (options.now ?? new Date()).toISOString();
    // IMMEDIATE: take the write lock first, so a busy database fails here, before any read.
    const transaction = this.db.transaction((): InsertResult => {
      if (options.idempotencyKey) {
        const existing = this.db
          .prepare("SELECT id, body_hash AS bodyHash FROM inquiries WHERE idempotency_key = ?")
          .get(options.idempotencyKey) as { id: string; bodyHash: string } | undefined;
        if (existing)
          return existing.bodyHash === options.bodyHash ? { id: existing.id, replayed: true } : { conflict: true };
      }
      const id = randomUUID();
      const row = {
        id,
        received_at: now,
        kind: inquiry.kind,
        name: inquiry.name,
        email: inquiry.email,
        company: inquiry.company,
        role: inquiry.kind === "full" ? inquiry.role : null,
        arr: inquiry.kind === "full" ? inquiry.arr : null,
        industry: inquiry.kind === "full" ? inquiry.industry : null,
        challenges: inquiry.kind === "full" ? inquiry.challenges : null,
        objectives: inquiry.kind === "full" ? inquiry.objectives : null,
        timeline: inquiry.kind === "full" ? (inquiry.timeline ?? null) : null,
        message: inquiry.kind === "quick" ? inquiry.message : null,
        idempotency_key: options.idempotencyKey ?? null,
        body_hash: options.bodyHash,
      };
      this.db
        .prepare(
          `INSERT INTO inquiries (id, received_at, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message, idempotency_key, body_hash)
           VALUES (@id, @received_at, @kind, @name, @email, @company, @role, @arr, @industry, @challenges, @objectives, @timeline, @message, @idempotency_key, @body_hash)`,
        )
        .run(row);
      const outbox = this.db.prepare("INSERT INTO outbox (inquiry_id, channel, next_attempt_at) VALUES (?, ?, ?)");
      for (const channel of options.channels) outbox.run(id, channel, now);
      return { id, replayed: false };
    });
    return this.write(() => transaction.immediate());
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

  async dueOutbox(channel: string, now: Date, limit = 20): Promise<OutboxItem[]> {
    return this.db
      .prepare(
        "SELECT id, inquiry_id AS inquiryId, channel, attempts FROM outbox WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?",
      )
      .all(channel, now.toISOString(), limit) as OutboxItem[];
  }

  async markSent(outboxId: number, now: Date): Promise<void> {
    await this.write(() =>
      this.db
        .prepare(
          "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?",
        )
        .run(now.toISOString(), outboxId),
    );
  }

  async markFailed(outboxId: number, error: string, nextAttemptAt: Date | null): Promise<void> {
    await this.write(() =>
      this.db
        .prepare(
          "UPDATE outbox SET attempts = attempts + 1, last_error = ?, status = ?, next_attempt_at = coalesce(?, next_attempt_at) WHERE id = ?",
        )
        .run(
          error.slice(0, 1000),
          nextAttemptAt ? "pending" : "failed",
          nextAttemptAt?.toISOString() ?? null,
          outboxId,
        ),
    );
  }

  async resumeOutbox(channel: string, now: Date): Promise<number> {
    return this.write(
      () =>
        this.db
          .prepare(
            "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE channel = ? AND status = 'failed'",
          )
          .run(now.toISOString(), channel).changes,
    );
  }

  async outboxStatus(channel?: string): Promise<OutboxStatus> {
    const rows = (
      channel === undefined
        ? this.db.prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status").all()
        : this.db.prepare("SELECT status, count(*) AS n FROM outbox WHERE channel = ? GROUP BY status").all(channel)
    ) as { status: string; n: number }[];
    const counts: OutboxStatus = { pending: 0, sent: 0, failed: 0 };
    for (const row of rows) counts[row.status as keyof typeof counts] = row.n;
    return counts;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

const SELECT = `SELECT id, received_at AS receivedAt, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message FROM inquiries`;
