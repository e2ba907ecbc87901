// Each article's record (article-file.ts: its front matter, headings, links,
// diagnostics and, for generate, its body's HTML) kept between runs, so that
// a run after one edit parses one article, not 10,000. A record is reused
// while the file's bytes, the context it was checked in (the authors, tags,
// tokens, anchor label, languages: ArticleContext) and the CLI build are the
// same: the key covers all three. Checking an article reads no other file,
// so nothing else can change its record; what spans articles (links between
// them, cover images, translations against their originals) is checked
// after, on every run (index.ts).
//
// Only the bundled CLI (bin/content.mjs) keeps records: its file name changes
// with its code. Run from source (tests, the editor under tsx), a change of
// the parser would not change the key, so nothing is kept there.
//
// One entry of the content store (store.ts) per article and context, in
// node_modules/.cache/content-cli/articles (beside CONTENT_CACHE_DIR, the
// store's validations folder, when it is set); written whole or not at all.
// The folder is emptied when it holds four times the entries a run
// uses (renamed or deleted articles, other contexts).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { readEntry, storeFolder, writeEntry } from "../store.ts";
import type { ArticleContext, ArticleRecord } from "./article-file.ts";

const bundled = import.meta.url.endsWith(".mjs");

const cacheRoot = () => storeFolder("articles");

interface Entry {
  /** SHA-256 of the file's bytes when it was checked. */
  source: string;
  record: ArticleRecord;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * What a record is keyed by of a file's bytes: their SHA-256, hashed from
 * the very bytes then checked (check-files.ts). A run keeps this, not the
 * bytes, once the record is made (at 50,000 articles the bytes were 390 MB
 * held at once).
 */
export const sourceDigest = (bytes: Uint8Array): string => sha256(bytes);

export interface RecordCache {
  /** The stored record of the file at `path`, when its bytes' digest (sourceDigest) is `source` and the context the same. */
  get(path: string, source: string): ArticleRecord | undefined;
  /** Stores a record just made (before anything changes it) from bytes whose digest is `source`. */
  set(path: string, source: string, record: ArticleRecord): void;
  /**
   * Where `set` stores the record of the file at `path` (its folder made), for
   * a worker thread to store it with writeRecord; undefined when none are kept.
   */
  fileFor(path: string): string | undefined;
}

const none: RecordCache = { get: () => undefined, set: () => undefined, fileFor: () => undefined };

/**
 * Stores a record just made, at `file` (RecordCache.fileFor): whole or not at
 * all. A worker thread that made the record stores it itself, before its
 * bodies' bytes move to the main thread, so the main thread does not encode it.
 */
export function writeRecord(file: string, source: string, record: ArticleRecord): void {
  writeEntry(file, { source, record } satisfies Entry); // not written: the next run checks it again
}

/**
 * After a run that checked `used` files in all: empties the folder when it
 * outgrew them by far. Entry by entry, the folder kept, and never an error:
 * another run (a second `validate`, the editor) may be writing entries into
 * it meanwhile, and removing the folder itself then fails with ENOTEMPTY
 * (seen in CI, where test files validate side by side on one store).
 */
export function tidyRecords(used: number): void {
  if (!bundled) return;
  const dir = cacheRoot();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  if (names.length <= Math.max(64, used * 4)) return;
  for (const name of names) {
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // Not removable (a folder someone put there, a permission): a tidy is best effort.
    }
  }
}

/** The cache of records checked in `context` (none when run from source, or CONTENT_ARTICLE_CACHE=0). */
export function recordCache(context: ArticleContext): RecordCache {
  if (!bundled || process.env.CONTENT_ARTICLE_CACHE === "0") return none;
  const dir = cacheRoot();
  const scope = sha256(`${import.meta.url}\0${JSON.stringify(context)}`);
  // The record names the file as shown from the working folder: that is part of the key too.
  const fileOf = (path: string) => join(dir, `${sha256(`${scope}\0${process.cwd()}\0${path}`).slice(0, 32)}.bin`);
  let made = false;
  const fileFor = (path: string) => {
    if (!made) {
      mkdirSync(dir, { recursive: true });
      made = true;
    }
    return fileOf(path);
  };
  return {
    get(path, source) {
      const entry = readEntry<Entry>(fileOf(path)); // none, or unreadable: checked again
      return entry?.source === source ? entry.record : undefined;
    },
    set: (path, source, record) => writeRecord(fileFor(path), source, record),
    fileFor,
  };
}
