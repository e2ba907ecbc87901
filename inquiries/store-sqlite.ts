import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Inquiry } from "../schemas/inquiry.ts";
import { insertRow } from "./fields.ts";
import { SQLITE } from "./sql/dialect.ts";
import { render, type Sql, sql } from "./sql/sql.ts";
import { holderOf, insertInquiry, type Result, replayOf, SqlInquiryStore } from "./sql/sql-store.ts";
import { retryWhileBusy } from "./sqlite/busy.ts";
import { foldEmail, migrate } from "./sqlite/migrations.ts";
import { DEFAULT_BUSY_WAIT_MS, type InsertOptions, type InsertResult } from "./store.ts";

/** better-sqlite3 binds no Date: times are stored as ISO strings, which sort as they compare. */
const bindable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The embedded inquiry store: one SQLite file in WAL mode. Every write is a
 * transaction that is committed before the caller answers the visitor.
 * better-sqlite3 is synchronous; the methods are async to keep the
 * InquiryStore interface a network store can implement too. The SQL it
 * shares with PostgreSQL is in sql/sql-store.ts.
 */
export class SqliteInquiryStore extends SqlInquiryStore {
  readonly db: Database.Database;
  readonly description: string;
  protected readonly dialect = SQLITE;
  private readonly busyWaitMs: number;

  /** `busyWaitMs`: how long a write waits for a database another connection holds locked. */
  constructor(path: string, { busyWaitMs = DEFAULT_BUSY_WAIT_MS }: { busyWaitMs?: number } = {}) {
    super();
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

  /** One statement, at once (better-sqlite3 is synchronous). */
  private exec(statement: Sql): Result {
    const { text, values } = render(statement, SQLITE.placeholder);
    const prepared = this.db.prepare(text);
    const params = values.map(bindable);
    if (prepared.reader) return { rows: prepared.all(...params) as Result["rows"], changes: 0 };
    return { rows: [], changes: prepared.run(...params).changes };
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

  protected async run(statement: Sql, write?: "write"): Promise<Result> {
    return write ? this.write(() => this.exec(statement)) : this.exec(statement);
  }

  protected runInTransaction(statements: readonly Sql[]): Promise<Result[]> {
    return this.transaction(() => statements.map((statement) => this.exec(statement)));
  }

  protected purgeRateLimit(now: Date): Sql {
    return sql`DELETE FROM rate_limit WHERE window_start + window_ms <= ${now.getTime()}`;
  }

  async insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult> {
    const now = (options.now ?? new Date()).toISOString();
    // One IMMEDIATE transaction: the key's check and the insert see the same file.
    return this.transaction((): InsertResult => {
      const holder = options.idempotencyKey ? this.exec(holderOf(options.idempotencyKey)).rows[0] : undefined;
      if (holder) return replayOf(holder, options.bodyHash);
      const id = randomUUID();
      const bookkeeping = {
        email_folded: foldEmail(inquiry.email),
        idempotency_key: options.idempotencyKey ?? null,
        body_hash: options.bodyHash,
      };
      this.exec(insertInquiry(insertRow(inquiry, { id, receivedAt: now, ...options.origin }, bookkeeping)));
      for (const channel of options.channels) {
        this.exec(sql`INSERT INTO outbox (inquiry_id, channel, created_at, next_attempt_at)
                      VALUES (${id}, ${channel}, ${now}, ${now})`);
      }
      return { id, replayed: false };
    });
  }

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const start = windowStart(now, windowMs);
    const { rows } = await this.run(
      sql`INSERT INTO rate_limit (key, window_start, window_ms, hits) VALUES (${key}, ${start}, ${windowMs}, 1)
          ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits`,
      "write",
    );
    return { hits: Number(rows[0]?.hits ?? 1), resetAt: new Date(start + windowMs) };
  }

  async unhit(key: string, windowMs: number, now: Date): Promise<void> {
    await this.run(
      sql`UPDATE rate_limit SET hits = max(hits - 1, 0) WHERE key = ${key} AND window_start = ${windowStart(now, windowMs)}`,
      "write",
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
