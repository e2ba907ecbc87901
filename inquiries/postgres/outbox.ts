import type pg from "pg";
import type { Delivery, DeliveryState, OutboxItem, OutboxStatus, RedeliverTarget } from "../store.ts";
import { DELIVERY_COLUMNS, type DeliveryRow, toDelivery } from "./rows.ts";

/** The store's query: pooled, transient errors turned into StoreBusyError. */
export type Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;

// The outbox half of the PostgreSQL store (store-postgres.ts delegates here).

export async function claimDue(
  query: Query,
  channel: string,
  now: Date,
  leaseMs: number,
  limit = 20,
): Promise<OutboxItem[]> {
  // SKIP LOCKED: rows another server is claiming right now are left to it, not waited for.
  const { rows } = await query<{ id: string; inquiry_id: string; channel: string; attempts: number }>(
    `UPDATE outbox SET next_attempt_at = $3
     WHERE id IN (
       SELECT id FROM outbox
       WHERE channel = $1 AND status = 'pending' AND next_attempt_at <= $2
       ORDER BY id LIMIT $4
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, inquiry_id, channel, attempts`,
    [channel, now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows
    .map((row) => ({ id: Number(row.id), inquiryId: row.inquiry_id, channel: row.channel, attempts: row.attempts }))
    .sort((a, b) => a.id - b.id);
}

export async function markSent(query: Query, outboxId: number, now: Date): Promise<void> {
  // Only a pending message: one another server already settled stays as it is.
  await query(
    `UPDATE outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL
     WHERE id = $1 AND status = 'pending'`,
    [outboxId, now],
  );
}

export async function markFailed(
  query: Query,
  outboxId: number,
  error: string,
  nextAttemptAt: Date | null,
  now: Date,
  lease?: Date,
): Promise<void> {
  await query(
    `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
       status = CASE WHEN $3::timestamptz IS NULL THEN 'dead' ELSE 'pending' END,
       next_attempt_at = $3, dead_at = CASE WHEN $3::timestamptz IS NULL THEN $4::timestamptz END
     WHERE id = $1 AND status = 'pending' AND ($5::timestamptz IS NULL OR next_attempt_at = $5)`,
    // PostgreSQL's text refuses NUL, which a receiver's error could carry.
    [outboxId, error.replaceAll("\u0000", "").slice(0, 1000), nextAttemptAt, now, lease ?? null],
  );
}

export async function release(query: Query, outboxIds: readonly number[], dueAt: Date, lease: Date): Promise<number> {
  if (outboxIds.length === 0) return 0;
  const result = await query(
    `UPDATE outbox SET next_attempt_at = $2
     WHERE id = ANY ($1::bigint[]) AND status = 'pending' AND next_attempt_at = $3`,
    [[...outboxIds], dueAt, lease],
  );
  return result.rowCount ?? 0;
}

export async function deliveries(
  query: Query,
  filter: { channel?: string; status?: readonly DeliveryState[] } = {},
): Promise<Delivery[]> {
  const { rows } = await query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM outbox
     WHERE ($1::text IS NULL OR channel = $1) AND ($2::text[] IS NULL OR status = ANY ($2))
     ORDER BY id`,
    [filter.channel ?? null, filter.status ? [...filter.status] : null],
  );
  return rows.map(toDelivery);
}

export async function redeliver(query: Query, target: RedeliverTarget, now: Date): Promise<number> {
  const set = `SET status = 'pending', attempts = 0, next_attempt_at = $1, last_error = NULL, sent_at = NULL, dead_at = NULL`;
  const result =
    "id" in target
      ? await query(`UPDATE outbox ${set} WHERE id = $2`, [now, target.id])
      : await query(`UPDATE outbox ${set} WHERE status = 'dead' AND ($2::text IS NULL OR channel = $2)`, [
          now,
          target.channel ?? null,
        ]);
  return result.rowCount ?? 0;
}

export async function outboxStatus(query: Query, channel?: string): Promise<OutboxStatus> {
  const { rows } = await query<{ status: DeliveryState; n: string }>(
    "SELECT status, count(*) AS n FROM outbox WHERE $1::text IS NULL OR channel = $1 GROUP BY status",
    [channel ?? null],
  );
  const counts: OutboxStatus = { pending: 0, sent: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
