import type { Inquiry } from "../schemas/inquiry.ts";
import type { StoredInquiry, VisitOrigin } from "./fields.ts";

/** A stored inquiry: one property per field of inquiries/fields.ts. */
export type { StoredInquiry };

/** One message of the outbox: one inquiry to deliver through one channel. */
export interface OutboxItem {
  id: number;
  inquiryId: string;
  /** The delivery channel's name ("mail", "webhook"): each channel keeps its own delivery state. */
  channel: string;
  /** Attempts made before this one. */
  attempts: number;
}

/** pending: due now or later (or leased by a server delivering it); sent; dead: the policy gave up. */
export type DeliveryState = "pending" | "sent" | "dead";

/** A message's delivery state, as `inquiries deliveries` and an access request show it. */
export interface Delivery extends OutboxItem {
  status: DeliveryState;
  createdAt: string;
  /** When the next attempt is due (or the current lease ends); null once sent or dead. */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  deadAt: string | null;
}

export type OutboxStatus = Record<DeliveryState, number>;

export type InsertResult = { id: string; replayed: false } | { id: string; replayed: true } | { conflict: true };

export interface InsertOptions {
  idempotencyKey?: string | undefined;
  /** Hash of the parsed inquiry: the same key with another body is a conflict. */
  bodyHash: string;
  /** The channels the inquiry is delivered through: one outbox row each, in the same transaction. */
  channels: readonly string[];
  /** Where the visit that sent it came from (server/inquiries-api.ts); unknown parts null. */
  origin?: VisitOrigin;
  now?: Date;
}

/** What one retention purge deleted, in rows. */
export interface PurgeCounts {
  inquiries: number;
  /** Outbox rows: those of purged inquiries plus dead ones past their own period. */
  deliveries: number;
  rateLimitWindows: number;
}

/** What an erasure deleted, in rows. */
export interface EraseCounts {
  inquiries: number;
  deliveries: number;
}

export type RedeliverTarget = { id: number } | { dead: true; channel?: string };

/**
 * Where inquiries, their outbox and the rate limit's counters live. Every
 * method is asynchronous so that a store over the network (PostgreSQL)
 * implements the same interface as the embedded one (SQLite); nothing above
 * the store knows which it has. Several servers may share one store.
 *
 * Guarantees every implementation keeps:
 * - `insert` resolves only after the inquiry and its outbox rows are committed together;
 * - an idempotency key stores one row however often, and on however many servers, it is sent;
 * - a message claimed by one server is not claimed by another until its lease runs out;
 * - migrations run on open, are versioned, and are safe to run again or from two servers at once.
 */
export interface InquiryStore {
  /** For the start-up log: the kind and place, never a password ("SQLite var/inquiries.db"). */
  readonly description: string;

  /**
   * Stores an inquiry and its outbox rows in one transaction. The same
   * idempotency key with the same body returns the first id; with another
   * body it is a conflict. Rejects with `StoreBusyError` when the database
   * stays locked longer than the store is willing to wait.
   */
  insert(inquiry: Inquiry, options: InsertOptions): Promise<InsertResult>;
  get(id: string): Promise<StoredInquiry | undefined>;
  /** Inquiries received at or after `since` (all when omitted), oldest first. */
  list(since?: Date): Promise<StoredInquiry[]>;
  count(): Promise<number>;

  /**
   * Claims up to `limit` of a channel's pending messages that are due at
   * `now`, oldest first, and leases them: each one's next attempt moves to
   * `now + leaseMs`, so no other server (or pass) claims it meanwhile, and a
   * server that dies while delivering leaves it to be claimed again after
   * the lease.
   */
  claimDue(channel: string, now: Date, leaseMs: number, limit?: number): Promise<OutboxItem[]>;
  /** Records a delivery (by whichever server made it); a message already sent or dead is left as it is. */
  markSent(outboxId: number, now: Date): Promise<void>;
  /**
   * Records a failed attempt: due again at `nextAttemptAt`, or dead when it
   * is null (the policy's attempts are used up, or the receiver said never).
   * With `lease` (the lease the caller's claim set), only while the message
   * still carries that lease: a server whose attempt outlasted its lease
   * must not move the due time of the server that claimed it since.
   * A message already sent or dead is left as it is.
   */
  markFailed(outboxId: number, error: string, nextAttemptAt: Date | null, now: Date, lease?: Date): Promise<void>;
  /**
   * Gives back claimed messages that were not attempted (the receiver asked
   * to wait, or the server is stopping): due again at `dueAt`, their
   * attempts unchanged, instead of at the end of the lease. Only messages
   * still pending under `lease` (the lease the caller's claim set), so a
   * claim another server has made since is left alone. Returns how many.
   */
  release(outboxIds: readonly number[], dueAt: Date, lease: Date): Promise<number>;
  /** Messages in the given states (all when omitted), of one channel or of all, oldest first. */
  deliveries(filter?: { channel?: string; status?: readonly DeliveryState[] }): Promise<Delivery[]>;
  /** Makes a message (or every dead one) pending and due at `now` with a fresh count of attempts; returns how many. */
  redeliver(target: RedeliverTarget, now: Date): Promise<number>;
  /** Messages per delivery state, of one channel or of all. */
  outboxStatus(channel?: string): Promise<OutboxStatus>;

  /** Everything stored about an address (case-insensitive), for an access request (Art. 15 GDPR). */
  findByEmail(email: string): Promise<{ inquiries: StoredInquiry[]; deliveries: Delivery[] }>;
  /** Deletes an address's inquiries with their outbox rows and idempotency keys (Art. 17 GDPR). Idempotent. */
  eraseByEmail(email: string): Promise<EraseCounts>;
  /**
   * The retention purge: deletes inquiries received before `inquiriesBefore`
   * (with their outbox rows and idempotency keys), dead messages that died
   * before `deadBefore`, and rate-limit windows that ended before `now`.
   * Safe to run on every server at once.
   */
  purge(cutoffs: { inquiriesBefore: Date; deadBefore: Date; now: Date }): Promise<PurgeCounts>;

  /**
   * Counts one hit for `key` (a hash of the client's address, never the
   * address) in the fixed window of `windowMs` that holds `now`, shared by
   * every server on this store. Returns the window's hits so far and when it ends.
   */
  hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }>;
  /** Takes back a hit (a request that failed validation does not count). */
  unhit(key: string, windowMs: number, now: Date): Promise<void>;

  /** Resolves once the database answers a trivial query (the server's readiness); rejects when it cannot. */
  ping(): Promise<void>;

  close(): Promise<void>;
}

/** Long enough for another writer's transaction, short enough that the visitor gets a 503 to retry, not a hang. */
export const DEFAULT_BUSY_WAIT_MS = 2000;

/** The database stayed locked (another writer, a slow disk) longer than the store waits. */
export class StoreBusyError extends Error {
  constructor(cause: unknown) {
    super("the inquiry database is busy", { cause });
    this.name = "StoreBusyError";
  }
}
