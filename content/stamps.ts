// What the bundled CLI knows of a file by its stamp (session.ts's stampOf:
// inode, size, change and modification times), kept from one run to the
// next as the editor's session keeps it in memory. Equal stamps, equal
// bytes: what make, git and the editor assume; and no tool sets a file's
// change time, so a file written again never keeps its stamp.
//
// - "sources": an article's digest (record-cache.ts's sourceDigest). An
//   unchanged article is not read to find its record: after one edit at
//   10,000 articles, reading and hashing the others was a third of a second.
//   An article changed within RACY_MS of its stat is not kept (git's "racy
//   clean": a second write within the file system's clock tick could keep
//   its stamp).
// - "outputs": the digest of the HTML an article's body file was written
//   with (module.ts). An unchanged output is not read to be compared. This
//   run wrote the file itself, so its stamp is kept even though it is new.
//
// One entry of the store (store.ts, kind "stamps") per kind and working
// folder, holding the files of the last run only; written when it changed.
// Runs side by side each write their own whole memo and the last one stays:
// an entry lost costs a read. Off where the article records are (run from
// source, or CONTENT_ARTICLE_CACHE=0): those runs read and compare.
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { join, resolve } from "node:path";
import { isRacy, stampOf } from "./session.ts";
import { readEntry, storeFolder, writeEntry } from "./store.ts";

export type StampKind = "sources" | "outputs";

export interface StampMemo {
  /** The value kept for the file at `path` while its stamp is still `info`'s. */
  get(path: string, info: Stats): string | undefined;
  /**
   * Keeps `value` for the file at `path` with the stamp `info`, taken before
   * the file was read (or after this run wrote it: `written`).
   */
  set(path: string, info: Stats, value: string, written?: boolean): void;
  /** Writes the memo: this run's files only, when anything changed. */
  save(): void;
}

const none: StampMemo = { get: () => undefined, set: () => undefined, save: () => undefined };
const memos = new Map<string, StampMemo>();

/** The memo of `kind` for this working folder, one per process (the article checks of every language share it). */
export function stampMemo(kind: StampKind): StampMemo {
  if (!import.meta.url.endsWith(".mjs") || process.env.CONTENT_ARTICLE_CACHE === "0") return none;
  const key = `${kind}\0${process.cwd()}`;
  let memo = memos.get(key);
  if (!memo) {
    memo = load(join(storeFolder("stamps"), `${createHash("sha256").update(key).digest("hex").slice(0, 24)}.bin`));
    memos.set(key, memo);
  }
  return memo;
}

function load(file: string): StampMemo {
  const stored = readEntry<Map<string, [stamp: string, value: string]>>(file);
  const last = stored instanceof Map ? stored : new Map<string, [string, string]>();
  const now = new Map<string, [string, string]>();
  let changed = false;
  return {
    get(path, info) {
      const full = resolve(path);
      const entry = last.get(full);
      if (entry?.[0] !== stampOf(info)) return undefined;
      now.set(full, entry);
      return entry[1];
    },
    set(path, info, value, written = false) {
      const full = resolve(path);
      if (!written && isRacy(info)) {
        changed ||= last.has(full);
        return;
      }
      const entry: [string, string] = [stampOf(info), value];
      const before = last.get(full);
      changed ||= before?.[0] !== entry[0] || before[1] !== entry[1];
      now.set(full, entry);
    },
    save() {
      if (!changed && now.size === last.size) return;
      writeEntry(file, now); // not written: the next run reads what it cannot trust
      last.clear();
      for (const [path, entry] of now) last.set(path, entry);
      changed = false;
    },
  };
}
