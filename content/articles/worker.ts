// A worker thread that checks articles for check-files.ts (bin/content.mjs
// bundles it as articles-worker.mjs next to the CLI). It receives the context
// once, then batches of articles the main thread read and hashed, their bytes
// moved here rather than copied; it stores each record in its pack
// (storeRecords) and answers each batch with its records and where each was
// stored, in order.
import { parentPort, workerData } from "node:worker_threads";
import { decodeText } from "../read-text.ts";
import { type ArticleContext, type ArticleRecord, checkArticle } from "./article-file.ts";
import { type RecordPlace, type RecordTarget, storeRecords } from "./record-cache.ts";

export interface WorkerInput {
  context: ArticleContext;
}

/** One article to check: its bytes as read, their digest (sourceDigest), and where to store its record, if anywhere. */
export interface ArticleJob {
  file: string;
  slug: string;
  bytes: Uint8Array;
  source: string;
  store?: RecordTarget;
}

/** A batch's answer: the records in the jobs' order, and where each was stored (undefined: not stored). */
export interface ArticleBatch {
  records: ArticleRecord[];
  places: (RecordPlace | undefined)[];
}

const { context } = workerData as WorkerInput;
parentPort?.on("message", (jobs: ArticleJob[]) => {
  const records = jobs.map((job) => checkArticle(decodeText(job.file, job.bytes), job.file, job.slug, context));
  // Stored before their bodies' bytes move to the main thread (transferred, they are gone from here).
  const places = storeRecords(
    jobs.map((job, i) => ({ target: job.store, source: job.source, record: records[i] as ArticleRecord })),
  );
  parentPort?.postMessage(
    { records, places } satisfies ArticleBatch,
    records.flatMap((record) => (record.deflatedHtml ? [record.deflatedHtml.buffer as ArrayBuffer] : [])),
  );
});
