// A worker thread that checks a share of the articles (bin/content.mjs
// bundles it as articles-worker.mjs next to the CLI). It receives the files
// and the context once, and answers with one plain record per article.
import { parentPort, workerData } from "node:worker_threads";
import { type ArticleContext, checkArticleFile } from "./article-file.ts";

export interface WorkerInput {
  files: Array<{ path: string; file: string; slug: string }>;
  context: ArticleContext;
}

const input = workerData as WorkerInput;
const records = input.files.map((f) => checkArticleFile(f.path, f.file, f.slug, input.context));
// The bodies' bytes move to the main thread instead of being copied.
parentPort?.postMessage(
  records,
  records.flatMap((record) => (record.deflatedHtml ? [record.deflatedHtml.buffer as ArrayBuffer] : [])),
);
