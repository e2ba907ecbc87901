import type { DeliveryPolicy } from "./delivery-policy.ts";
import { nextAttemptDelay } from "./delivery-policy.ts";
import type { InquiryStore, OutboxItem, StoredInquiry } from "./store.ts";

/**
 * A way an inquiry reaches the firm (mail; a webhook to come). Each channel
 * has its own outbox rows, so one that is down does not hold up another.
 */
export interface DeliveryChannel {
  /** The outbox rows' `channel`: stable, stored in the database. */
  readonly name: string;
  /** How the log names this channel's messages ("notifications" for mail). */
  readonly label: string;
  /** Delivers one message; resolves once the receiver has accepted it, rejects otherwise. */
  deliver(inquiry: StoredInquiry, item: OutboxItem): Promise<void>;
  close?(): void | Promise<void>;
}

export interface OutboxOptions {
  store: InquiryStore;
  channel: DeliveryChannel;
  policy: DeliveryPolicy;
  /** How often the outbox is checked for due messages. */
  pollMs?: number;
  log?: (message: string) => void;
}

/**
 * Delivers one channel's outbox: the inquiry is committed first (with its
 * outbox row), delivered after. A failed delivery is retried with the
 * delivery policy; a receiver that is down loses nothing, and a restart
 * resumes what was left.
 */
export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A kick came while a pass was running: run another one right after it. */
  private again = false;
  private stopped = false;

  constructor(private readonly options: OutboxOptions) {}

  get channel(): string {
    return this.options.channel.name;
  }

  async start(): Promise<void> {
    const resumed = await this.options.store.resumeOutbox(this.channel, new Date());
    if (resumed > 0) this.log(`resuming ${resumed} undelivered`);
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

  /** One pass at a time: two passes would read the same due rows and deliver them twice. */
  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delay === 0) this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((error: Error) => this.log(`pass failed, will try again: ${error.message}`))
        .finally(() => {
          this.running = undefined;
          const next = this.again ? 0 : (this.options.pollMs ?? 1000);
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  /** Delivers every due message once. */
  async pass(): Promise<void> {
    const { store, policy, channel } = this.options;
    for (const item of await store.dueOutbox(channel.name, new Date())) {
      if (this.stopped) return;
      const inquiry = await store.get(item.inquiryId);
      if (!inquiry) continue;
      try {
        await channel.deliver(inquiry, item);
        await store.markSent(item.id, new Date());
      } catch (error) {
        const attemptsMade = item.attempts + 1;
        const delay = nextAttemptDelay(attemptsMade, policy);
        const next = delay === null ? null : new Date(Date.now() + delay);
        await store.markFailed(item.id, (error as Error).message, next);
        this.log(
          `sending inquiry ${inquiry.id} failed (attempt ${attemptsMade} of ${policy.attempts}): ${(error as Error).message}${
            next ? "" : "; giving up until the next restart (the inquiry itself is stored)"
          }`,
        );
      }
    }
  }

  private log(message: string): void {
    (this.options.log ?? console.log)(`${this.options.channel.label}: ${message}`);
  }
}
