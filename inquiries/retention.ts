import type { InquiryStore, PurgeCounts } from "./store.ts";

const DAY_MS = 86_400_000;

export interface RetentionPeriods {
  /** Days an inquiry is kept after it arrived (data/legal.yaml `retention.inquiryDays`). */
  inquiryDays: number;
  /** Days a dead message is kept after the outbox gave up on it. */
  deadMessageDays: number;
  /** Days the daily page-view counts are kept (`retention.visitCountDays`); needed with `visits`. */
  visitCountDays?: number;
}

/** The daily page-view counts (visits/), purged with the rest when the server has them. */
export interface DailyCounts {
  /** Deletes the days before `day` (YYYY-MM-DD); returns how many rows. */
  purgeBefore(day: string): Promise<number>;
}

/** What one purge deleted: the inquiry store's rows, and the view-count rows when there are counts. */
export type RetentionCounts = PurgeCounts & { dailyCounts?: number };

export interface RetentionOptions {
  store: InquiryStore;
  periods: RetentionPeriods;
  visits?: DailyCounts;
  /** How often the purge runs after the first one at start. */
  everyMs?: number;
  log?: (message: string) => void;
  now?: () => Date;
}

/**
 * Enforces the retention periods the privacy notice states: deletes
 * inquiries older than the period (with their outbox rows and idempotency
 * keys), dead messages past theirs, and ended rate-limit windows. Runs at
 * start and then daily; the log holds counts only, never content.
 */
export class RetentionPurge {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RetentionOptions) {}

  /** Purges now, then every `everyMs` (24 h); the timer never keeps the process alive. */
  async start(): Promise<RetentionCounts> {
    // The timer first: a purge that fails at start (a locked database) is tried again on schedule.
    this.timer = setInterval(() => {
      this.run().catch((error: Error) => this.log(`retention: purge failed, will try again: ${error.message}`));
    }, this.options.everyMs ?? DAY_MS);
    this.timer.unref();
    return this.run();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One purge at the clock's time. */
  async run(): Promise<RetentionCounts> {
    const now = this.options.now?.() ?? new Date();
    const { inquiryDays, deadMessageDays, visitCountDays } = this.options.periods;
    const counts: RetentionCounts = await this.options.store.purge({
      inquiriesBefore: new Date(now.getTime() - inquiryDays * DAY_MS),
      deadBefore: new Date(now.getTime() - deadMessageDays * DAY_MS),
      now,
    });
    if (this.options.visits) {
      if (visitCountDays === undefined) throw new Error("bug: daily counts to purge without retention.visitCountDays");
      // Whole UTC days: the day that started visitCountDays days ago is the oldest kept.
      const oldestKept = new Date(now.getTime() - visitCountDays * DAY_MS).toISOString().slice(0, 10);
      counts.dailyCounts = await this.options.visits.purgeBefore(oldestKept);
    }
    this.log(retentionSummary(counts, this.options.periods));
    return counts;
  }

  private log(message: string): void {
    (this.options.log ?? console.log)(message);
  }
}

/** "retention: deleted 3 inquiries older than 180 days, 4 deliveries, 0 rate-limit windows". */
export function retentionSummary(counts: RetentionCounts, periods: RetentionPeriods): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `retention: deleted ${n(counts.inquiries, "inquiry", "inquiries")} older than ${periods.inquiryDays} days, ${n(
    counts.deliveries,
    "delivery",
    "deliveries",
  )} (of those inquiries, or dead for over ${periods.deadMessageDays} days), ${n(
    counts.rateLimitWindows,
    "rate-limit window",
    "rate-limit windows",
  )}${
    counts.dailyCounts === undefined
      ? ""
      : `, ${n(counts.dailyCounts, "row", "rows")} of daily view counts older than ${periods.visitCountDays} days`
  }`;
}
