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
// Stored in node_modules/.cache/content-cli/articles (beside CONTENT_CACHE_DIR,
// the store's validations folder, when it is set) in packs, as the page cache
// keeps pages (engine/page-store.mjs), not a file per record: creating a file
// cost this disk 0.5–1 ms, a third of a cold `generate` at 1,000 articles.
// - A pack (`<run>-<pid>-<thread>.pack`) is what one thread stored in one
//   run, record after record (v8's serialization of key, digest and record),
//   appended to, never rewritten.
// - The index (`index.bin`, an entry of the content store, store.ts) says
//   where each key's record is. The run writes it at its end (commitRecords),
//   whole or not at all, and only when it changed: a record is in it only once
//   its bytes are whole in a pack. A run that stops midway leaves a pack no
//   index names, which the next run removes.
// - A record read back is checked against its key and the digest asked for:
//   a place that went stale (a pack removed by a run beside this one, cut
//   short by a full disk) is a miss, and the article is checked again.
// - Runs side by side each write the index they found plus what they used;
//   the last one stays, and an entry lost costs one check. Once the index
//   names four times the records a run used (renamed or deleted articles,
//   other contexts), it keeps only that run's, and packs no entry names are
//   removed.
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { threadId } from "node:worker_threads";
import { readEntry, storeFolder, writeEntry } from "../store.ts";
import type { ArticleContext, ArticleRecord } from "./article-file.ts";

const bundled = import.meta.url.endsWith(".mjs");

/** Raised with the layout of the index or of a pack's entries; another version's index is read as empty. */
const VERSION = 1;
const INDEX = "index.bin";

/** Where a record is: its pack's file name, the offset and the length of its entry. */
export type RecordPlace = [pack: string, offset: number, length: number];

interface Index {
  version: number;
  places: Map<string, RecordPlace>;
}

/** A pack's entry. */
export interface StoredRecord {
  key: string;
  /** SHA-256 of the file's bytes when it was checked. */
  source: string;
  record: ArticleRecord;
}

/** Where a thread stores a record: the folder and the record's key. */
export interface RecordTarget {
  dir: string;
  key: string;
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
  /** Where a worker thread stores the record of the file at `path` (storeRecord); undefined when none are kept. */
  targetFor(path: string): RecordTarget | undefined;
  /** Notes where a worker thread stored the record of the file at `path`. */
  stored(path: string, place: RecordPlace | undefined): void;
}

const none: RecordCache = {
  get: () => undefined,
  set: () => undefined,
  targetFor: () => undefined,
  stored: () => undefined,
};

/** The index in `dir`: key → place; empty when there is none or it cannot be read. */
function readIndex(dir: string): Map<string, RecordPlace> {
  const index = readEntry<Index>(join(dir, INDEX));
  return index?.version === VERSION && index.places instanceof Map ? index.places : new Map();
}

/** A folder's records as this run sees them. */
interface Folder {
  /** The index as read when the run first asked. */
  index: Map<string, RecordPlace>;
  /** The places of the records this run read or stored. */
  used: Map<string, RecordPlace>;
  /** Packs open for reading. */
  readers: Map<string, number>;
}

const folders = new Map<string, Folder>();

function folder(dir: string): Folder {
  let found = folders.get(dir);
  if (!found) {
    found = { index: readIndex(dir), used: new Map(), readers: new Map() };
    folders.set(dir, found);
  }
  return found;
}

/** This thread's pack in each folder: appended to record by record. */
interface Pack {
  name: string;
  size: number;
  /** Open in the main thread for the run; a worker thread opens it per batch (storeRecords). */
  fd: number;
}

const packs = new Map<string, Pack>();

function packIn(dir: string): Pack {
  let pack = packs.get(dir);
  if (!pack) {
    mkdirSync(dir, { recursive: true });
    const name = `${Date.now().toString(36)}-${process.pid}-${threadId}.pack`;
    pack = { name, size: 0, fd: openSync(join(dir, name), "wx") };
    packs.set(dir, pack);
  }
  if (pack.fd < 0) pack.fd = openSync(join(dir, pack.name), "a");
  return pack;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}

/**
 * Appends a record to this thread's pack in `dir`; where it went, or
 * undefined when it could not be stored (a full disk: the next run checks it
 * again). A pack that failed once takes nothing more.
 */
function append(dir: string, entry: StoredRecord): RecordPlace | undefined {
  const broken = packs.get(dir)?.size === -1;
  if (broken) return undefined;
  let pack: Pack | undefined;
  try {
    pack = packIn(dir);
    const bytes = serialize(entry);
    writeAll(pack.fd, bytes);
    const place: RecordPlace = [pack.name, pack.size, bytes.length];
    pack.size += bytes.length;
    return place;
  } catch {
    if (pack) pack.size = -1;
    else packs.set(dir, { name: "", size: -1, fd: -1 });
    return undefined;
  }
}

function closePack(dir: string): void {
  const pack = packs.get(dir);
  if (pack && pack.fd >= 0) closeSync(pack.fd);
  packs.delete(dir);
}

/**
 * A worker thread stores the records it just made (before their bodies'
 * bytes move to the main thread), each at its target: the main thread does
 * not encode them. The pack is closed after the batch, so a thread ended
 * by its pool holds no file open. Their places, in order.
 */
export function storeRecords(
  made: readonly { target: RecordTarget | undefined; source: string; record: ArticleRecord }[],
): (RecordPlace | undefined)[] {
  const places = made.map(({ target, source, record }) =>
    target ? append(target.dir, { key: target.key, source, record }) : undefined,
  );
  for (const [dir, pack] of packs) {
    if (pack.fd >= 0) closeSync(pack.fd);
    pack.fd = -1;
    if (pack.size === -1) packs.delete(dir);
  }
  return places;
}

function read(dir: string, state: Folder, place: RecordPlace): StoredRecord | undefined {
  const [pack, offset, length] = place;
  try {
    let fd = state.readers.get(pack);
    if (fd === undefined) {
      fd = openSync(join(dir, pack), "r");
      state.readers.set(pack, fd);
    }
    const bytes = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      const got = readSync(fd, bytes, done, length - done, offset + done);
      if (got === 0) return undefined; // cut short
      done += got;
    }
    return deserialize(bytes) as StoredRecord;
  } catch {
    return undefined; // its pack is gone, or the bytes are not an entry: checked again
  }
}

/**
 * After a run that checked `checked` files in all: closes its packs and
 * writes the index of every folder it used, when that changed (what it
 * found, what it used and stored; only the latter once the index outgrew
 * the run by four), then removes what no entry names. Never an error:
 * runs beside this one read and write the same folder.
 */
export function commitRecords(checked: number): void {
  for (const [dir, state] of folders) {
    closePack(dir);
    for (const fd of state.readers.values()) closeSync(fd);
    state.readers.clear();
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    const present = new Set(names);
    const found = readIndex(dir); // again: a run beside this one may have written it since
    const outgrown = found.size + state.used.size > Math.max(64, checked * 4);
    const next = new Map(outgrown ? [] : [...found].filter(([, [pack]]) => present.has(pack)));
    for (const [key, place] of state.used) if (present.has(place[0])) next.set(key, place);
    if (!samePlaces(found, next)) writeEntry(join(dir, INDEX), { version: VERSION, places: next } satisfies Index);
    const named = new Set([...next.values()].map(([pack]) => pack));
    for (const name of names) {
      // Another run's index being written (store.ts's writer: a file aside, then a rename) is left to it.
      if (name === INDEX || named.has(name) || name.startsWith(`${INDEX}.`)) continue;
      try {
        rmSync(join(dir, name), { recursive: true, force: true });
      } catch {
        // Not removable (a permission): a tidy is best effort.
      }
    }
  }
  folders.clear();
}

function samePlaces(a: Map<string, RecordPlace>, b: Map<string, RecordPlace>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, place] of a) {
    const other = b.get(key);
    if (!other || other[0] !== place[0] || other[1] !== place[1] || other[2] !== place[2]) return false;
  }
  return true;
}

/** Every record the index in `dir` names, by key (what the tests compare; a place that does not read is left out). */
export function storedRecords(dir: string): Map<string, StoredRecord & { place: RecordPlace }> {
  const state: Folder = { index: new Map(), used: new Map(), readers: new Map() };
  const records = new Map<string, StoredRecord & { place: RecordPlace }>();
  try {
    for (const [key, place] of readIndex(dir)) {
      const entry = read(dir, state, place);
      if (entry?.key === key) records.set(key, { ...entry, place });
    }
  } finally {
    for (const fd of state.readers.values()) closeSync(fd);
  }
  return records;
}

/** The cache of records checked in `context` (none when run from source, or CONTENT_ARTICLE_CACHE=0). */
export function recordCache(context: ArticleContext): RecordCache {
  if (!bundled || process.env.CONTENT_ARTICLE_CACHE === "0") return none;
  const dir = storeFolder("articles");
  const state = folder(dir);
  const scope = sha256(`${import.meta.url}\0${JSON.stringify(context)}`);
  // The record names the file as shown from the working folder: that is part of the key too.
  const keyOf = (path: string) => sha256(`${scope}\0${process.cwd()}\0${path}`).slice(0, 32);
  return {
    get(path, source) {
      const key = keyOf(path);
      const place = state.used.get(key) ?? state.index.get(key);
      const entry = place && read(dir, state, place);
      if (!place || entry?.key !== key || entry.source !== source) return undefined;
      state.used.set(key, place);
      return entry.record;
    },
    set(path, source, record) {
      const key = keyOf(path);
      const place = append(dir, { key, source, record });
      if (place) state.used.set(key, place);
    },
    targetFor: (path) => ({ dir, key: keyOf(path) }),
    stored(path, place) {
      if (place) state.used.set(keyOf(path), place);
    },
  };
}
