import { keyString, type ViewCount, type ViewKey } from "./key.ts";
import type { VisitStore } from "./store.ts";

export interface BatcherOptions {
  store: VisitStore;
  /** How often the counts held in memory are written (data/behaviour.yaml `visits.flushEverySeconds`). */
  everyMs: number;
  /**
   * At most this many different keys wait in memory; a view under a new key
   * beyond them is dropped (counted in `dropped`). Bounds memory against a
   * flood of made-up campaign values from many addresses, or a database
   * that stays away.
   */
  maxKeys?: number;
  log?: (message: string) => void;
}

/**
 * Sums the views a server receives in memory and adds them to the store
 * every `everyMs`, in one transaction per flush, and once more when the
 * server stops. A crash (kill -9) loses what arrived since the last flush;
 * a flush that fails keeps its counts for the next one.
 */
export class ViewBatcher {
  private pending = new Map<string, ViewCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;
  /** Views dropped because `maxKeys` keys were already waiting. */
  dropped = 0;

  constructor(private readonly options: BatcherOptions) {}

  /** Counts one view under `key`; returns false when it was dropped. */
  add(key: ViewKey, views = 1): boolean {
    const id = keyString(key);
    const held = this.pending.get(id);
    if (held) {
      held.views += views;
      return true;
    }
    if (this.pending.size >= (this.options.maxKeys ?? 100_000)) {
      this.dropped += views;
      return false;
    }
    this.pending.set(id, { ...key, views });
    return true;
  }

  /** Views held in memory, not yet written. */
  get held(): number {
    let views = 0;
    for (const count of this.pending.values()) views += count.views;
    return views;
  }

  /** Flushes every `everyMs`; the timer never keeps the process alive. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.everyMs);
    this.timer.unref();
  }

  /**
   * Writes what is held, in one transaction; resolves with the views
   * written (0 when the write failed: the counts then wait for the next
   * flush). One flush at a time: a call during one waits for it, then writes
   * what arrived meanwhile.
   */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    const counts = [...batch.values()];
    this.flushing = this.options.store.add(counts).then(
      () => counts.reduce((sum, count) => sum + count.views, 0),
      (error: Error) => {
        // Back into memory, summed with what arrived meanwhile: nothing counted twice, nothing lost.
        for (const count of counts) this.add(count, count.views);
        this.log(`visits: could not write ${counts.length} counts, will try again: ${error.name}`);
        return 0;
      },
    );
    try {
      return await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  /** Stops the timer and writes what is held (a server's graceful shutdown). */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    this.timer = undefined;
    return this.flush();
  }

  private log(message: string): void {
    (this.options.log ?? console.log)(message);
  }
}
