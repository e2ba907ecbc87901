// The worker threads of check-files.ts: a fixed number of articles-worker.mjs
// (worker.ts), each fed batches of articles. A batch goes to the thread with
// the fewest batches waiting, so a thread slowed by another process on its
// core gets less work rather than holding the run up (a fixed share each, as
// before, left the run waiting on the slowest).
import { Worker } from "node:worker_threads";
import type { ArticleContext } from "./article-file.ts";
import type { ArticleBatch, ArticleJob, WorkerInput } from "./worker.ts";

interface Waiting {
  resolve: (batch: ArticleBatch) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  /** The batches sent and not answered yet, oldest first: a thread answers them in order. */
  waiting: Waiting[];
  failed?: unknown;
}

export class ArticlePool {
  readonly #threads: Thread[];
  /** Whoever waits for room (whenFree): at most two batches per thread are held, so the bytes held stay bounded. */
  #roomWaiters: (() => void)[] = [];

  constructor(size: number, context: ArticleContext) {
    const url = new URL("./articles-worker.mjs", import.meta.url);
    this.#threads = Array.from({ length: size }, () => {
      const thread: Thread = {
        worker: new Worker(url, { workerData: { context } satisfies WorkerInput }),
        waiting: [],
      };
      const fail = (error: unknown) => {
        thread.failed ??= error;
        for (const waiting of thread.waiting.splice(0)) waiting.reject(error);
        this.#wake();
      };
      thread.worker.on("message", (batch: ArticleBatch) => {
        thread.waiting.shift()?.resolve(batch);
        this.#wake();
      });
      thread.worker.on("error", fail);
      thread.worker.on("exit", (code) => fail(new Error(`an articles worker thread exited (${code})`)));
      return thread;
    });
  }

  /** Checks `jobs` in a thread; their bytes move there (the caller no longer has them). Records in the jobs' order. */
  run(jobs: ArticleJob[]): Promise<ArticleBatch> {
    const thread = this.#threads.reduce((a, b) => (b.waiting.length < a.waiting.length ? b : a));
    if (thread.failed !== undefined) return Promise.reject(thread.failed);
    return new Promise((resolve, reject) => {
      thread.waiting.push({ resolve, reject });
      thread.worker.postMessage(
        jobs,
        jobs.map((job) => job.bytes.buffer as ArrayBuffer),
      );
    });
  }

  /** Resolves once fewer than two batches per thread wait. */
  whenFree(): Promise<void> {
    if (this.#waitingBatches() < 2 * this.#threads.length) return Promise.resolve();
    return new Promise((wake) => this.#roomWaiters.push(wake));
  }

  close(): void {
    for (const thread of this.#threads) {
      thread.worker.removeAllListeners("exit");
      void thread.worker.terminate();
    }
  }

  #waitingBatches(): number {
    return this.#threads.reduce((sum, thread) => sum + thread.waiting.length, 0);
  }

  #wake(): void {
    for (const wake of this.#roomWaiters.splice(0)) wake();
  }
}
