import { type DeliveryPolicy, maxAttempts, nextAttemptAt } from "./delivery-policy.ts";
import { scrub } from "./log-text.ts";
import type { InquiryStore, OutboxItem, StoredInquiry } from "./store.ts";

/**
 * A way an inquiry reaches the firm (mail, webhook). Each channel has its
 * own outbox rows, so one that is down does not hold up another.
 */
export interface DeliveryChannel {
  /** The outbox rows' `channel`: stable, stored in the database. */
  readonly name: string;
  /** How the log names this channel's messages ("notifications" for mail). */
  readonly label: string;
  /**
   * Delivers one message; resolves once the receiver has accepted it,
   * rejects otherwise (with a DeliveryError when the receiver said when to
   * come back, or never).
   */
  deliver(inquiry: StoredInquiry, item: OutboxItem): Promise<void>;
  close?(): void | Promise<void>;
}

/** A failed attempt the receiver said more about: wait `retryAfterMs` (429, 503), or `gone` (410: never again). */
export class DeliveryError extends Error {
  readonly retryAfterMs: number | undefined;
  readonly gone: boolean;
  constructor(message: string, { retryAfterMs, gone = false }: { retryAfterMs?: number; gone?: boolean } = {}) {
    super(message);
    this.name = "DeliveryError";
    this.retryAfterMs = retryAfterMs;
    this.gone = gone;
  }
}

export interface OutboxOptions {
  store: InquiryStore;
  channel: DeliveryChannel;
  policy: DeliveryPolicy;
  /** How often the outbox is checked for due messages. */
  pollMs?: number;
  /** Messages claimed per pass. */
  batch?: number;
  log?: (message: string) => void;
  /** The clock and the jitter's randomness, for tests. */
  now?: () => Date;
  random?: () => number;
}

/**
 * Delivers one channel's outbox: the inquiry is committed first (with its
 * outbox row), delivered after. Each pass claims the due messages with a
 * lease, so servers sharing a store never deliver one at the same time, and
 * a server that dies mid-delivery leaves its messages to the next claim.
 * A failed attempt is retried with the delivery policy; after its last
 * attempt a message is dead until someone runs `redeliver`.
 * The log names inquiries by id only: never a name, an address or a company.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A kick came while a pass was running: run another one right after it. */
  private again = false;
  private stopped = false;
  /** The receiver asked to wait (Retry-After): no claims before then. */
  private pausedUntil = 0;
  /** The receiver answered 410 Gone: no more deliveries on this channel until restart. */
  private gone = false;

  constructor(private readonly options: OutboxOptions) {}

  get channel(): string {
    return this.options.channel.name;
  }

  start(): void {
    this.schedule(0);
  }

  /** Runs one pass now (also used after each new inquiry). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.options.channel.close?.();
  }

  /** One pass at a time per server; other servers are kept off by the leases. */
  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delay === 0) this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((error: Error) => this.log(`pass failed, will try again: ${scrub(error.message)}`))
        .finally(() => {
          this.running = undefined;
          const next = this.again ? 0 : (this.options.pollMs ?? 1000);
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Claims the due messages and delivers each once. A pass that stops early
   * (the receiver asked to wait, the channel is gone, the server is stopping,
   * or the next attempt could outlast the lease) gives the messages it did not
   * attempt back at once, or at the receiver's Retry-After: they do not sit
   * out the rest of the lease.
   */
  async pass(): Promise<void> {
    const { store, policy, channel } = this.options;
    if (this.gone || this.now().getTime() < this.pausedUntil) return;
    const claimedAt = this.now().getTime();
    // The lease this pass sets: a failure or a release recorded after it ran out must not touch another server's claim.
    const lease = new Date(claimedAt + policy.leaseMs);
    const batch = this.options.batch ?? 20;
    const items = await store.claimDue(channel.name, new Date(claimedAt), policy.leaseMs, batch);
    // A full batch means more may be due (a backlog after an outage): the next pass follows at once.
    if (items.length >= batch) this.again = true;
    let next = 0;
    try {
      for (; next < items.length; next++) {
        const item = items[next] as OutboxItem;
        // An attempt that could outlast the lease is not started: another server may take the message then.
        const now = this.now().getTime();
        if (this.stopped || this.gone || now < this.pausedUntil) break;
        if (now - claimedAt + policy.attemptTimeoutMs >= policy.leaseMs) break;
        // Erased (or purged) since it was claimed: its outbox row went with it.
        const inquiry = await store.get(item.inquiryId);
        if (!inquiry) continue;
        try {
          await withinAttemptTimeout(channel.deliver(inquiry, item), policy.attemptTimeoutMs);
        } catch (error) {
          await this.failed(item, inquiry, error, lease);
          continue;
        }
        try {
          await store.markSent(item.id, this.now());
        } catch (error) {
          // Delivered, not failed: never counted as an attempt that failed (on the last one, the message
          // would be dead). It stays leased and goes again after the lease: at least once, never lost.
          this.log(
            `inquiry ${inquiry.id} was delivered, but recording that failed (${scrub(error instanceof Error ? error.message : String(error))}); it is delivered again once its lease has run out`,
          );
          next++;
          break;
        }
      }
    } finally {
      await this.release(items.slice(next), lease);
    }
  }

  /** Gives back claims this pass did not attempt: due when the receiver's pause ends (at once when there is none). */
  private async release(items: readonly OutboxItem[], lease: Date): Promise<void> {
    if (items.length === 0) return;
    const dueAt = new Date(Math.max(this.now().getTime(), this.pausedUntil));
    try {
      await this.options.store.release(
        items.map((item) => item.id),
        dueAt,
        lease,
      );
    } catch (error) {
      // They stay leased: the next claim after the lease takes them, as after a crash.
      this.log(
        `giving back ${items.length} unattempted messages failed, they wait for their lease: ${scrub(error instanceof Error ? error.message : String(error))}`,
      );
    }
  }

  private async failed(item: OutboxItem, inquiry: StoredInquiry, error: unknown, lease: Date): Promise<void> {
    const { store, policy } = this.options;
    const now = this.now();
    const message = scrub(error instanceof Error ? error.message : String(error));
    const attemptsMade = item.attempts + 1;
    const typed = error instanceof DeliveryError ? error : undefined;
    if (typed?.gone) {
      await store.markFailed(item.id, message, null, now, lease);
      this.gone = true;
      this.log(
        `the receiver answered that it is gone (${message}): inquiry ${inquiry.id} is dead, and this channel delivers nothing more until the server restarts; fix the receiver, restart, then run \`npm run inquiries -- redeliver --dead --channel ${this.channel}\``,
      );
      return;
    }
    let next = nextAttemptAt(attemptsMade, now, policy, this.options.random);
    if (next && typed?.retryAfterMs !== undefined) {
      // The receiver said when: no sooner than that, for this message and the channel.
      next = new Date(Math.max(next.getTime(), now.getTime() + typed.retryAfterMs));
      this.pausedUntil = now.getTime() + typed.retryAfterMs;
    }
    await store.markFailed(item.id, message, next, now, lease);
    if (next) {
      this.log(
        `sending inquiry ${inquiry.id} failed (attempt ${attemptsMade} of ${maxAttempts(policy)}), next attempt at ${next.toISOString()}: ${message}`,
      );
    } else {
      const over = duration(now.getTime() - Date.parse(inquiry.receivedAt));
      this.log(
        `inquiry ${inquiry.id} is dead after ${attemptsMade} attempts over ${over}: ${message}; the inquiry itself is stored: run \`npm run inquiries -- redeliver --dead --channel ${this.channel}\` once the receiver works`,
      );
    }
  }

  private log(message: string): void {
    (this.options.log ?? console.log)(`${this.options.channel.label}: ${message}`);
  }
}

/**
 * An attempt that has not settled after `timeoutMs` fails, whatever the
 * channel's own timeouts do (nodemailer's are per step and reset by each byte,
 * so a server answering by the drop would hold the attempt, and the message,
 * past its lease, while another server claims it).
 */
async function withinAttemptTimeout(attempt: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryError(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
    // The abandoned attempt's own failure, later, is not an unhandled rejection.
    attempt.catch(() => {});
  }
}

/** "3 days", "5 hours", "40 minutes", "12 seconds": how long a message was tried. */
function duration(ms: number): string {
  const units: [string, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
    ["second", 1000],
  ];
  for (const [unit, size] of units) {
    const n = Math.round(ms / size);
    if (n >= 1 && (ms >= size || unit === "second")) return `${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return `${Math.max(0, Math.round(ms))} ms`;
}
