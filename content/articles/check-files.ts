// Reads and checks a folder's articles: each file read once, its bytes hashed
// to key its record (record-cache.ts) and, when there is no record, checked
// from those very bytes. The checks run in this thread, or, for many articles
// to check, in worker threads, one per core (pool.ts).
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { decodeText, type FileBytes, readBytesSync } from "../read-text.ts";
import type { Article } from "../results.ts";
import { activeSession, memoDigest, overlaid, recall, remember } from "../session.ts";
import { stampMemo } from "../stamps.ts";
import { type ArticleContext, checkArticle } from "./article-file.ts";
import { ArticlePool } from "./pool.ts";
import { type RecordTarget, recordCache, sourceDigest } from "./record-cache.ts";
import type { ArticleJob } from "./worker.ts";

/** An article file as listed: where it is, as shown, and its slug. */
export interface ArticleFileRef {
  path: string;
  file: string;
  slug: string;
}

/**
 * From this many articles to check (those without a record), threads pay:
 * each loads the parsers again (about 0.3 s of a core) and the records cross
 * to this thread. Measured with cold `generate` runs on the articles of
 * scripts/gen-articles.mjs, 2 cores, one thread and two alternated 3 times
 * (on a busy machine): two threads took longer at 500 articles, 0.6 to 0.7 of
 * the time at 1,000, and 0.7 to 0.75 at 10,000 for 15 to 25% more CPU time
 * (not the 50% more measured before).
 * CONTENT_ARTICLE_WORKERS_MIN overrides it (tests, benchmarks).
 */
const WORKER_THRESHOLD = Number(process.env.CONTENT_ARTICLE_WORKERS_MIN ?? 1000);

/** Articles per message to a thread: enough to make a message's cost small, few enough to share the work out evenly. */
const BATCH = 32;

/** A file read, hashed and not in the record cache: checked here, or in a thread with its bytes. */
interface Miss extends ArticleFileRef {
  index: number;
  bytes: Buffer;
  source: string;
}

/**
 * Checks the files, in file order. The bytes of a file are let go once it is
 * checked: at most WORKER_THRESHOLD files' bytes wait for the threads to
 * start, and two batches per thread for a thread to take them.
 */
export async function checkFiles(
  files: readonly ArticleFileRef[],
  context: ArticleContext,
  /** Told of each record a thread made, as its batch comes back (generate's early bodies, early-bodies.ts). */
  onChecked?: (record: Article) => void,
): Promise<Article[]> {
  const cache = recordCache(context);
  const sources = stampMemo("sources");
  const session = activeSession() !== undefined;
  // A warm session (the editor) keeps records in memory too, by the same key: bytes and context.
  const scope = createHash("sha256").update(JSON.stringify(context)).digest("base64url");
  // The latest record of each way of checking (with the HTML or without, drafts or not), so that moving
  // between an article (checked with its HTML, for the page preview) and a form does not check every
  // article again (1.6–2 s at 1,000 articles, each way).
  const kind = context.anchorLabel === undefined ? "record" : context.drafts ? "record+html+drafts" : "record+html";
  const keep = (miss: Miss, record: Article) => remember(kind, miss.path, `${miss.source}\0${scope}`, { ...record });
  const records: Article[] = new Array(files.length);
  // Threads only from the bundle (bin/content.mjs), which holds the worker's code next to the CLI.
  const threads = import.meta.url.endsWith(".mjs") && files.length >= WORKER_THRESHOLD ? availableParallelism() : 1;
  const checkHere = (miss: Miss) => {
    const record = checkArticle(decodeText(miss.file, miss.bytes), miss.file, miss.slug, context);
    cache.set(miss.path, miss.source, record);
    keep(miss, record);
    records[miss.index] = record;
  };
  const held: Miss[] = [];
  let pool: ArticlePool | undefined;
  const running: Promise<void>[] = [];
  const send = async (batch: Miss[]) => {
    const jobs = batch.map((miss) => job(miss, cache.targetFor(miss.path)));
    const done = (pool as ArticlePool).run(jobs).then((made) => {
      for (const [k, miss] of batch.entries()) {
        records[miss.index] = made.records[k] as Article;
        keep(miss, made.records[k] as Article);
        cache.stored(miss.path, made.places[k]);
        onChecked?.(made.records[k] as Article);
      }
    });
    done.catch(() => undefined); // handled by the Promise.all below; until then, not an unhandled rejection
    running.push(done);
    await (pool as ArticlePool).whenFree();
  };
  // The file being looked at, and its bytes once read: one reader for every file, not a closure made per file
  // (1 ms a keystroke at 1,000 articles in the editor, which runs from source).
  let reading: ArticleFileRef | undefined;
  let read: FileBytes | undefined;
  const digest = () => {
    read = readBytesSync((reading as ArticleFileRef).path, "article");
    return read.bytes && sourceDigest(read.bytes);
  };
  try {
    for (const [index, f] of files.entries()) {
      // The bundled CLI knows the digest of an article whose stamp is unchanged (stamps.ts): no read to find its record.
      const info = session ? undefined : statSync(f.path, { throwIfNoEntry: false });
      const stamped = info?.isFile() ? sources.get(f.path, info) : undefined;
      const stored = stamped === undefined ? undefined : cache.get(f.path, stamped);
      if (stored) {
        records[index] = stored;
        continue;
      }
      reading = f;
      read = undefined;
      // A warm session knows the digest of a file whose stat did not change, and may hold its record: then nothing is read.
      const known = overlaid(f.path) === undefined ? memoDigest(f.path, digest) : digest();
      const warm = known === undefined ? undefined : recall<Article>(kind, f.path, `${known}\0${scope}`);
      if (warm) {
        // A copy: the cross-file pass sets a translation's front matter and errors on the record it is given.
        records[index] = { ...warm };
        continue;
      }
      read ??= readBytesSync(f.path, "article"); // the digest was the session's: the bytes are read now, once
      if (read.diagnostics) {
        records[index] = checkArticle(read, f.file, f.slug, context); // no record kept: nothing was read
        continue;
      }
      // The digest of the very bytes checked (the session's may be of a file since changed within its stamp).
      const source = sourceDigest(read.bytes);
      if (info?.isFile()) sources.set(f.path, info, source);
      const kept = cache.get(f.path, source);
      if (kept) {
        records[index] = kept;
        continue;
      }
      const miss: Miss = { ...f, index, bytes: read.bytes, source };
      if (threads < 2) {
        checkHere(miss);
        continue;
      }
      held.push(miss);
      if (!pool && held.length >= WORKER_THRESHOLD) {
        // A thread per WORKER_THRESHOLD articles that may still be to check, so that each pays for its start.
        const left = held.length + files.length - index - 1;
        pool = new ArticlePool(Math.min(threads, Math.max(2, Math.ceil(left / WORKER_THRESHOLD))), context);
      }
      while (pool && held.length >= BATCH) await send(held.splice(0, BATCH));
    }
    if (pool) while (held.length > 0) await send(held.splice(0, BATCH));
    else for (const miss of held) checkHere(miss); // fewer than WORKER_THRESHOLD to check: threads would not pay
    await Promise.all(running);
  } finally {
    pool?.close();
  }
  return records;
}

/** A miss as a thread takes it: its bytes in a buffer of their own, which moves there rather than being copied. */
function job(miss: Miss, store: RecordTarget | undefined): ArticleJob {
  const whole = miss.bytes.byteOffset === 0 && miss.bytes.byteLength === miss.bytes.buffer.byteLength;
  return {
    file: miss.file,
    slug: miss.slug,
    bytes: whole ? miss.bytes : new Uint8Array(miss.bytes),
    source: miss.source,
    ...(store ? { store } : {}),
  };
}
