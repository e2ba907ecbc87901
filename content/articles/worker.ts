// A worker thread that checks articles for check-files.ts (bin/content.mjs
// bundles it as articles-worker.mjs next to the CLI). It receives the context
// once, then batches of articles the main thread read and hashed, their bytes
// moved here rather than copied; it stores each record (writeRecord) and
// answers each batch with its records, in order.
import { parentPort, workerData } from "node:worker_threads";
import { decodeText } from "../read-text.ts";
import { type ArticleContext, checkArticle } from "./article-file.ts";
import { writeRecord } from "./record-cache.ts";

export interface WorkerInput {
  context: ArticleContext;
}

/** One article to check: its bytes as read, their digest (sourceDigest), and where to store its record, if anywhere. */
export interface ArticleJob {
  file: string;
  slug: string;
  bytes: Uint8Array;
  source: string;
  store?: string;
}

const { context } = workerData as WorkerInput;
parentPort?.on("message", (jobs: ArticleJob[]) => {
  const records = jobs.map((job) => {
    const record = checkArticle(decodeText(job.file, job.bytes), job.file, job.slug, context);
    // Stored before its body's bytes move to the main thread (transferred, they are gone from here).
    if (job.store) writeRecord(job.store, job.source, record);
    return record;
  });
  parentPort?.postMessage(
    records,
    records.flatMap((record) => (record.deflatedHtml ? [record.deflatedHtml.buffer as ArrayBuffer] : [])),
  );
});
