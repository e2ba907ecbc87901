// The content core's one store: what `validate` and `generate` keep between
// runs, so that a run does only what changed. One folder,
// node_modules/.cache/content-cli/ (moved with CONTENT_CACHE_DIR, which names
// its `validations` folder: the other kinds sit beside it), one entry per
// file in one format (v8's serialization: what a worker thread sends, read
// back without parsing text), written whole or not at all by one writer
// (write.ts's writeAtomicSync). Each kind keys its entries by what they were
// made from, and an entry that does not match is simply made again:
//
// - `validations` (cache.ts): a data folder's validation, by the digest of
//   every file it read or looked for (the read log, read-log.ts);
// - `articles` (articles/record-cache.ts): an article's record, by its
//   bytes' digest and the context it was checked in; many records to a
//   file (packs, with one index entry naming where each is), not a file
//   each: creating 10,000 files was a fifth of a cold `generate`;
// - `runs` (run-fingerprint.ts): what a clean `generate` read and wrote, by
//   their size, modification time and inode;
// - `stamps` (stamps.ts): an article's digest, and the digest of what an
//   article's body file was written with, by the file's stamp.
//
// The editor keeps the same in memory, for its life (session.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { writeAtomicSync } from "./write.ts";

export type StoreKind = "validations" | "articles" | "runs" | "stamps";

/** The folder of one kind of entry. */
export function storeFolder(kind: StoreKind): string {
  const validations =
    process.env.CONTENT_CACHE_DIR ?? join(process.cwd(), "node_modules", ".cache", "content-cli", "validations");
  return kind === "validations" ? validations : join(validations, "..", kind);
}

/** An entry as stored, or undefined when there is none or it cannot be read (made again then). */
export function readEntry<T>(file: string): T | undefined {
  try {
    return deserialize(readFileSync(file)) as T;
  } catch {
    return undefined;
  }
}

/** Stores an entry, whole or not at all; a store that cannot be written costs the next run its time, nothing else. */
export function writeEntry(file: string, value: unknown): boolean {
  return writeAtomicSync(file, serialize(value));
}
