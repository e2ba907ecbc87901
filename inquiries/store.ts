import type { Inquiry } from "../schemas/inquiry.ts";

/** A stored inquiry: the visitor's fields plus what the server knows. */
export interface StoredInquiry {
  id: string;
  receivedAt: string;
  kind: Inquiry["kind"];
  name: string;
  email: string;
  company: string;
  role: string | null;
  arr: string | null;
  industry: string | null;
  challenges: string | null;
  objectives: string | null;
  timeline: string | null;
  message: string | null;
}

/** One message of the outbox: one inquiry to deliver through one channel. */
export interface OutboxItem {
  id: number;
  inquiryId: string;
  /** The delivery channel's name ("mail", …): each channel keeps its own delivery state. */
  channel: string;
  attempts: number;
}

export type OutboxStatus = { pending: number; sent: number; failed: number };

export type InsertResult = { id: string; replayed: false } | { id: string; replayed: true } | { conflict: true };

export interface InsertOptions {
  idempotencyKey?: string | undefined;
  /** Hash of the parsed inquiry: the same key with another body is a conflict. */
  bodyHash: string;
  /** The channels the inquiry is delivered through: one outbox row each, in the same transaction. */
  channels: readonly string[];
  now?: Date;
}

/**
 * Where inquiries and their outbox live. Every method is asynchronous so
 * that a store over the network (PostgreSQL) implements the same interface
 * as the embedded one (SQLite); nothing above the store knows which it has.
 *
 * Guarantees every implementation keeps: `insert` resolves only after the
 * inquiry and its outbox rows are committed together; an idempotency key
 * stores one row however often it is sent.
 */
export interface InquiryStore {
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

  /** A channel's outbox messages whose next attempt is due, oldest first. */
  dueOutbox(channel: string, now: Date, limit?: number): Promise<OutboxItem[]>;
  markSent(outboxId: number, now: Date): Promise<void>;
  /** Records a failed attempt; `nextAttemptAt` null means the policy's attempts are used up. */
  markFailed(outboxId: number, error: string, nextAttemptAt: Date | null): Promise<void>;
  /** On start: give a channel's undelivered messages a new round of attempts. */
  resumeOutbox(channel: string, now: Date): Promise<number>;
  /** Messages per delivery state, of one channel or of all. */
  outboxStatus(channel?: string): Promise<OutboxStatus>;

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
