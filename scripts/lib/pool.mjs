// Runs a per-file step over many files on every core: the files are split
// into one contiguous slice per worker thread, each worker runs `module`'s
// exported `run(files, options)` on its slice and returns a count. With few
// files (the shipped site) it runs in this thread: starting workers would
// cost more than it saves.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

const WORKER_MIN_FILES = 200;

/**
 * @param {URL} module a module exporting `async run(files, options) => number`
 * @param {string[]} files
 * @param {unknown} options passed to every `run` (structured-cloneable)
 * @returns {Promise<number>} the sum of the counts
 */
export async function runOnAllCores(module, files, options) {
  const threads = Math.min(availableParallelism(), Math.ceil(files.length / WORKER_MIN_FILES));
  if (threads <= 1) {
    const { run } = await import(module.href);
    return run(files, options);
  }
  const size = Math.ceil(files.length / threads);
  const slices = Array.from({ length: threads }, (_, i) => files.slice(i * size, (i + 1) * size));
  const counts = await Promise.all(
    slices.map(
      (slice) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL("./pool-worker.mjs", import.meta.url), {
            workerData: { module: module.href, files: slice, options },
          });
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.once("exit", (code) => {
            if (code !== 0) reject(new Error(`worker for ${module.pathname} exited with ${code}`));
          });
        }),
    ),
  );
  return counts.reduce((total, count) => total + count, 0);
}
