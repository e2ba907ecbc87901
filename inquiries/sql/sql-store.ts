import type { Inquiry } from "../../schemas/inquiry.ts";
import { INQUIRY_COLUMNS } from "../fields.ts";
import { foldEmail } from "../sqlite/migrations.ts";
import type {
  Delivery,
  DeliveryState,
  EraseCounts,
  InquiryStore,
  InsertOptions,
  InsertResult,
  OutboxItem,
  OutboxStatus,
  PurgeCounts,
  RedeliverTarget,
  StoredInquiry,
} from "../store.ts";
import type { Dialect } from "./dialect.ts";
import { DELIVERY_SELECT, INQUIRY_SELECT, type Row, toDelivery, toInquiry } from "./rows.ts";
import { join, list, raw, type Sql, sql } from "./sql.ts";

/** What one statement returned: its rows (a SELECT's, or RETURNING's) and how many rows it changed. */
export interface Result {
  rows: Row[];
  changes: number;
}

/** The inquiries of one address, for the access and erasure requests. */
const ofAddress = (email: string) => sql`SELECT id FROM inquiries WHERE email_folded = ${foldEmail(email)}`;

/** The inquiries row an insert writes (fields.ts), as an INSERT each store completes its own way. */
export function insertInquiry(row: Readonly<Record<string, unknown>>): Sql {
  return sql`INSERT INTO inquiries (${raw(INQUIRY_COLUMNS.join(", "))}) VALUES (${list(INQUIRY_COLUMNS.map((c) => row[c]))})`;
}

/** The inquiry that holds an idempotency key, if one does. */
export const holderOf = (idempotencyKey: string) =>
  sql`SELECT id, body_hash AS "bodyHash" FROM inquiries WHERE idempotency_key = ${idempotencyKey}`;

/** An insert whose key `holder` already holds: the same body replays the first id, another is a conflict. */
export function replayOf(holder: Row, bodyHash: string): InsertResult {
  return holder.bodyHash === bodyHash ? { id: String(holder.id), replayed: true } : { conflict: true };
}

/**
 * The InquiryStore methods whose SQL is the same on SQLite and PostgreSQL,
 * written once over two primitives each store implements with its driver
 * (`run`, `runInTransaction`); the dialect fills in the rest (placeholders,
 * order of arrival, SKIP LOCKED). What differs in more than words (the
 * idempotent insert, the rate limit's table, connections) is each store's.
 */
export abstract class SqlInquiryStore implements InquiryStore {
  abstract readonly description: string;
  protected abstract readonly dialect: Dialect;

  /** Runs one statement; `write`: it changes rows (SQLite then waits while another connection holds the file). */
  protected abstract run(statement: Sql, write?: "write"): Promise<Result>;
  /** Runs the statements in order in one transaction that commits before this resolves. */
  protected abstract runInTransaction(statements: readonly Sql[]): Promise<Result[]>;
  /** Statements a purge runs first, in its transaction (PostgreSQL: servers purging at once take turns). */
  protected purgePrelude(): Sql[] {
    return [];
  }
  /** Deletes the rate-limit windows that ended at or before `now` (each dialect keeps windows its own way). */
  protected abstract purgeRateLimit(now: Date): Sql;

  abstract insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult>;
  abstract hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }>;
  abstract unhit(key: string, windowMs: number, now: Date): Promise<void>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  private get oldestFirst(): Sql {
    return raw(`ORDER BY received_at, ${this.dialect.arrival}`);
  }

  private async inquiries(where: Sql): Promise<StoredInquiry[]> {
    const { rows } = await this.run(sql`SELECT ${INQUIRY_SELECT} FROM inquiries ${where} ${this.oldestFirst}`);
    return rows.map(toInquiry);
  }

  async get(id: string): Promise<StoredInquiry | undefined> {
    return (await this.inquiries(sql`WHERE id = ${id}`))[0];
  }

  list(since?: Date): Promise<StoredInquiry[]> {
    return this.inquiries(since ? sql`WHERE received_at >= ${since}` : raw(""));
  }

  async count(): Promise<number> {
    const { rows } = await this.run(sql`SELECT count(*) AS n FROM inquiries`);
    return Number(rows[0]?.n ?? 0);
  }

  async claimDue(channel: string, now: Date, leaseMs: number, limit = 20): Promise<OutboxItem[]> {
    // One statement: the claim and its lease commit together; PostgreSQL's SKIP LOCKED leaves
    // rows another server is claiming right now to it, SQLite's write lock makes claims take turns.
    const { rows } = await this.run(
      sql`UPDATE outbox SET next_attempt_at = ${new Date(now.getTime() + leaseMs)}
          WHERE id IN (
            SELECT id FROM outbox WHERE channel = ${channel} AND status = 'pending' AND next_attempt_at <= ${now}
            ORDER BY id LIMIT ${limit} ${raw(this.dialect.skipLocked)}
          )
          RETURNING id, inquiry_id AS "inquiryId", channel, attempts`,
      "write",
    );
    return rows.map((row) => ({ ...(row as unknown as OutboxItem), id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  async markSent(outboxId: number, now: Date): Promise<void> {
    // Only a pending message: one another server already settled stays as it is.
    await this.run(
      sql`UPDATE outbox SET status = 'sent', sent_at = ${now}, attempts = attempts + 1, next_attempt_at = NULL,
          last_error = NULL, dead_at = NULL WHERE id = ${outboxId} AND status = 'pending'`,
      "write",
    );
  }

  async markFailed(
    outboxId: number,
    error: string,
    nextAttemptAt: Date | null,
    now: Date,
    lease?: Date,
  ): Promise<void> {
    await this.run(
      sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${this.dialect.storable(error).slice(0, 1000)},
          status = ${nextAttemptAt ? "pending" : "dead"}, next_attempt_at = ${nextAttemptAt},
          dead_at = ${nextAttemptAt ? null : now}
          WHERE id = ${outboxId} AND status = 'pending' ${lease ? sql`AND next_attempt_at = ${lease}` : raw("")}`,
      "write",
    );
  }

  async release(outboxIds: readonly number[], dueAt: Date, lease: Date): Promise<number> {
    if (outboxIds.length === 0) return 0;
    const { changes } = await this.run(
      sql`UPDATE outbox SET next_attempt_at = ${dueAt}
          WHERE id IN (${list(outboxIds)}) AND status = 'pending' AND next_attempt_at = ${lease}`,
      "write",
    );
    return changes;
  }

  async deliveries(filter: { channel?: string; status?: readonly DeliveryState[] } = {}): Promise<Delivery[]> {
    const where: Sql[] = [];
    if (filter.channel !== undefined) where.push(sql`channel = ${filter.channel}`);
    if (filter.status) where.push(sql`status IN (${list(filter.status)})`);
    const clause = where.length > 0 ? sql`WHERE ${join(where, " AND ")}` : raw("");
    const { rows } = await this.run(sql`SELECT ${DELIVERY_SELECT} FROM outbox ${clause} ORDER BY id`);
    return rows.map(toDelivery);
  }

  async redeliver(target: RedeliverTarget, now: Date): Promise<number> {
    const which =
      "id" in target
        ? sql`id = ${target.id}`
        : target.channel === undefined
          ? sql`status = 'dead'`
          : sql`status = 'dead' AND channel = ${target.channel}`;
    const { changes } = await this.run(
      sql`UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ${now}, last_error = NULL,
          sent_at = NULL, dead_at = NULL WHERE ${which}`,
      "write",
    );
    return changes;
  }

  async outboxStatus(channel?: string): Promise<OutboxStatus> {
    const where = channel === undefined ? raw("") : sql`WHERE channel = ${channel}`;
    const { rows } = await this.run(sql`SELECT status, count(*) AS n FROM outbox ${where} GROUP BY status`);
    const counts: OutboxStatus = { pending: 0, sent: 0, dead: 0 };
    for (const row of rows) counts[row.status as DeliveryState] = Number(row.n);
    return counts;
  }

  async findByEmail(email: string): Promise<{ inquiries: StoredInquiry[]; deliveries: Delivery[] }> {
    const inquiries = await this.inquiries(sql`WHERE email_folded = ${foldEmail(email)}`);
    const { rows } = await this.run(
      sql`SELECT ${DELIVERY_SELECT} FROM outbox WHERE inquiry_id IN (${ofAddress(email)}) ORDER BY id`,
    );
    return { inquiries, deliveries: rows.map(toDelivery) };
  }

  async eraseByEmail(email: string): Promise<EraseCounts> {
    const [deliveries, inquiries] = await this.runInTransaction([
      sql`DELETE FROM outbox WHERE inquiry_id IN (${ofAddress(email)})`,
      // The idempotency key is a column of the inquiry's row: it goes with it.
      sql`DELETE FROM inquiries WHERE email_folded = ${foldEmail(email)}`,
    ]);
    return { inquiries: inquiries?.changes ?? 0, deliveries: deliveries?.changes ?? 0 };
  }

  async purge(cutoffs: { inquiriesBefore: Date; deadBefore: Date; now: Date }): Promise<PurgeCounts> {
    const old = sql`SELECT id FROM inquiries WHERE received_at < ${cutoffs.inquiriesBefore}`;
    const prelude = this.purgePrelude();
    const results = await this.runInTransaction([
      ...prelude,
      sql`DELETE FROM outbox WHERE inquiry_id IN (${old})`,
      sql`DELETE FROM inquiries WHERE received_at < ${cutoffs.inquiriesBefore}`,
      sql`DELETE FROM outbox WHERE status = 'dead' AND dead_at < ${cutoffs.deadBefore}`,
      this.purgeRateLimit(cutoffs.now),
    ]);
    const [ofOld, inquiries, dead, windows] = results.slice(prelude.length).map((result) => result.changes);
    return {
      inquiries: inquiries ?? 0,
      deliveries: (ofOld ?? 0) + (dead ?? 0),
      rateLimitWindows: windows ?? 0,
    };
  }
}
