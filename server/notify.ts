import nodemailer, { type Transporter } from "nodemailer";
import { firm } from "../site/generated/site.ts";
import { type RetryPolicy, retryDelay } from "../site/lib/retry.ts";
import type { InquiryStore, StoredInquiry } from "./store.ts";

export interface NotifierOptions {
  store: InquiryStore;
  smtpUrl: string;
  to: string;
  from: string;
  policy: RetryPolicy;
  /** How often the outbox is checked for due notifications. */
  pollMs?: number;
  log?: (message: string) => void;
}

/**
 * Sends the firm an e-mail for each stored inquiry, from the outbox table:
 * the inquiry is committed first, the mail sent after. A failed send is
 * retried with the data's retry policy; a mail server that is down loses
 * nothing, and a restart resumes what was left.
 */
export class OutboxNotifier {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A kick came while a pass was running: run another one right after it. */
  private again = false;
  private stopped = false;

  constructor(private readonly options: NotifierOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  start(): void {
    const resumed = this.options.store.resumeOutbox(new Date());
    if (resumed > 0) this.log(`notifications: resuming ${resumed} undelivered`);
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
    this.transport.close();
  }

  /** One pass at a time: two passes would read the same due rows and send their mails twice. */
  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delay === 0) this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((error: Error) => this.log(`notifications: pass failed, will try again: ${error.message}`))
        .finally(() => {
          this.running = undefined;
          const next = this.again ? 0 : (this.options.pollMs ?? 1000);
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  /** Sends every due notification once. */
  async pass(): Promise<void> {
    const { store, policy } = this.options;
    for (const item of store.dueOutbox(new Date())) {
      if (this.stopped) return;
      const inquiry = store.get(item.inquiryId);
      if (!inquiry) continue;
      try {
        await this.transport.sendMail(this.message(inquiry));
        store.markSent(item.id, new Date());
      } catch (error) {
        const attemptsMade = item.attempts + 1;
        const next = attemptsMade < policy.attempts ? new Date(Date.now() + retryDelay(attemptsMade, policy)) : null;
        store.markFailed(item.id, (error as Error).message, next);
        this.log(
          `notifications: sending inquiry ${inquiry.id} failed (attempt ${attemptsMade} of ${policy.attempts}): ${(error as Error).message}${
            next ? "" : "; giving up until the next restart (the inquiry itself is stored)"
          }`,
        );
      }
    }
  }

  message(inquiry: StoredInquiry) {
    const fields = Object.entries(inquiry)
      .filter(([key, value]) => value !== null && key !== "id")
      .map(([key, value]) => `${key}: ${value}`)
      .join("\n");
    return {
      from: this.options.from,
      to: this.options.to,
      replyTo: inquiry.email,
      subject: `New inquiry from ${inquiry.name} (${inquiry.company})`,
      text: `A new ${inquiry.kind === "full" ? "inquiry (contact page)" : "message (home page)"} arrived on the ${firm.name} website.\n\n${fields}\n\nInquiry id: ${inquiry.id}\n`,
      headers: { "X-Inquiry-Id": inquiry.id },
    };
  }

  private log(message: string): void {
    (this.options.log ?? console.log)(message);
  }
}
