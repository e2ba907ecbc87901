/**
 * A warm session: what a long-lived process (the content editor) keeps
 * between checks, so that a keystroke re-checks only what it changed.
 *
 * - `overlay`: unsaved texts by absolute path (null: as if deleted). Every
 *   read of content (read-text.ts, the article listing) answers from it
 *   first, so an edit is checked in place: no copy of data/, nothing written.
 * - Memos keyed by what they were made from: a file's digest by its stat
 *   (inode, size, change and modification times: stampOf), a parsed
 *   YAML file by its text, an article's record by its bytes' digest and the
 *   context it was checked in. Unchanged files cost a `stat`; what spans
 *   files (the rules, links, translations) runs on every check, from the
 *   memoized parts.
 *
 * Scoped with AsyncLocalStorage: code outside `inSession` (the CLI, the build)
 * sees no overlay and keeps nothing. A memo holds the latest entry per path,
 * so its size follows the content, not the number of checks.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type Dirent, type Stats, statSync } from "node:fs";
import { isAbsolute, resolve, sep } from "node:path";

export interface Session {
  /** Unsaved texts by absolute path; null: the file as if deleted. */
  overlay: ReadonlyMap<string, string | null>;
  memo: SessionMemo;
  /**
   * The disk as a check just before saw it: each file's stat by absolute path, taken at `at` (Date.now()).
   * A file in it is not stat'ed again, so an edit is checked against the same disk as the check it is
   * compared with (and the files cost one stat a keystroke, not two); a file not in it is stat'ed.
   */
  disk?: DiskSnapshot;
}

export interface DiskSnapshot {
  at: number;
  stats: ReadonlyMap<string, Stats>;
}

export interface SessionMemo {
  /** Values derived from one file's text, by kind ("yaml", "record"): the latest per path. */
  derived: Map<string, { key: string; value: unknown }>;
}

export function newMemo(): SessionMemo {
  return { derived: new Map() };
}

const current = new AsyncLocalStorage<Session>();

/** Runs `work` with `session`'s overlay and memos in force. */
export function inSession<T>(session: Session, work: () => Promise<T>): Promise<T> {
  return current.run(session, work);
}

/** The session in force, if any. */
export const activeSession = (): Session | undefined => current.getStore();

/**
 * Absolute paths normalized, by path as given: every file of data/ is looked
 * up in the overlay on every check. Relative paths are resolved each time
 * (they follow the working folder).
 */
const absolutes = new Map<string, string>();
const ABSOLUTES = 100_000;

function absolute(path: string): string {
  if (!isAbsolute(path)) return resolve(path);
  let known = absolutes.get(path);
  if (known === undefined) {
    if (absolutes.size >= ABSOLUTES) absolutes.clear();
    known = resolve(path);
    absolutes.set(path, known);
  }
  return known;
}

/** An unsaved text for `path`: a string, null (deleted), or undefined (not overlaid: read the disk). */
export function overlaid(path: string): string | null | undefined {
  const session = current.getStore();
  if (!session || session.overlay.size === 0) return undefined;
  return session.overlay.get(absolute(path));
}

/**
 * True when the disk as the session's snapshot saw it has a file at `path`;
 * undefined otherwise (no snapshot, or not in it: a stat says).
 */
export function inSnapshot(path: string): true | undefined {
  return current.getStore()?.disk?.stats.has(absolute(path)) ? true : undefined;
}

/** What a stat says about a file's bytes: equal stamps, equal bytes (as every build tool assumes). */
export const stampOf = (info: Stats): string => `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/**
 * A file changed this recently may change again within the file system's
 * clock tick and keep its stamp (git's "racy clean" case): nothing is kept
 * by its stamp until it is older than this.
 */
export const RACY_MS = 100;

/** Whether a stat is too recent to key anything by (RACY_MS). */
export const isRacy = (info: Stats, now = Date.now()): boolean => now - Math.max(info.mtimeMs, info.ctimeMs) < RACY_MS;

/**
 * The digest of a file's bytes, from the session's memo while its stat is
 * unchanged; `read` computes it otherwise. Outside a session: `read()`.
 */
export function memoDigest(path: string, read: () => string | undefined): string | undefined {
  if (!current.getStore()) return read();
  let made = false;
  const digest = byStamp("digest", path, () => {
    made = true;
    return read();
  });
  // Read once: by byStamp, or here for a file it could not stat.
  return made ? digest : (digest ?? read());
}

/**
 * What `make` derives from a file's bytes, made again only when its stat
 * changed: undefined outside a session, for a file that cannot be stat'ed,
 * or when `make` gives undefined (nothing is kept then).
 */
export function byStamp<T>(kind: string, path: string, make: () => T | undefined): T | undefined {
  const session = current.getStore();
  if (!session) return undefined;
  const snapshot = session.disk?.stats.get(path);
  const info = snapshot ?? statSync(path, { throwIfNoEntry: false });
  if (!info?.isFile()) return undefined;
  const stamp = stampOf(info);
  const slot = `${kind}\0${path}`;
  const known = session.memo.derived.get(slot);
  if (known?.key === stamp) return known.value as T;
  const value = make();
  // Racy as of when the stat was taken: a snapshot's is older than now.
  const racy = isRacy(info, snapshot && session.disk ? session.disk.at : Date.now());
  if (value !== undefined && !racy) session.memo.derived.set(slot, { key: stamp, value });
  return value;
}

/**
 * A value derived from one file (`kind` and `path`) and a key covering all
 * it was made from: the memoized one while the key is the same, else `make()`'s.
 */
export function memoized<T>(kind: string, path: string, key: string, make: () => T): T {
  const session = current.getStore();
  if (!session) return make();
  const slot = `${kind}\0${path}`;
  const known = session.memo.derived.get(slot);
  if (known?.key === key) return known.value as T;
  const value = make();
  session.memo.derived.set(slot, { key, value });
  return value;
}

/** Looks a memoized value up without making one. */
export function recall<T>(kind: string, path: string, key: string): T | undefined {
  const known = current.getStore()?.memo.derived.get(`${kind}\0${path}`);
  return known?.key === key ? (known.value as T) : undefined;
}

/** Stores a memoized value (for values made in bulk, such as records checked in threads). */
export function remember(kind: string, path: string, key: string, value: unknown): void {
  current.getStore()?.memo.derived.set(`${kind}\0${path}`, { key, value });
}

/**
 * What a folder's listing with the overlay applied is made from: the
 * folder's stamp (an entry added, removed or renamed changes its
 * modification time) and the overlay's entries in it. Undefined outside a
 * session, for a folder that cannot be stat'ed, or one changed too recently
 * to key anything by (RACY_MS).
 */
export function listingKey(dir: string): string | undefined {
  const session = current.getStore();
  if (!session) return undefined;
  const info = statSync(dir, { throwIfNoEntry: false });
  if (!info?.isDirectory() || isRacy(info)) return undefined;
  const folder = resolve(dir);
  const unsaved: string[] = [];
  for (const [path, text] of session.overlay) {
    if (resolve(path, "..") === folder)
      unsaved.push(`${path.slice(folder.length + 1)}${text === null ? "\0gone" : ""}`);
  }
  return `${stampOf(info)}\0${unsaved.sort().join("\0")}`;
}

/** A folder's entries with the overlay applied: unsaved files added, deleted ones taken out. */
export function overlayEntries(dir: string, entries: Dirent[]): Pick<Dirent, "name" | "isFile" | "isDirectory">[] {
  const session = current.getStore();
  if (!session || session.overlay.size === 0) return entries;
  const folder = resolve(dir);
  const out: Pick<Dirent, "name" | "isFile" | "isDirectory">[] = [];
  const names = new Set<string>();
  // An entry's name is one plain segment: joined to the resolved folder, it is its absolute path.
  const within = folder.endsWith(sep) ? folder : folder + sep;
  for (const entry of entries) {
    const text = session.overlay.get(within + entry.name);
    if (text === null) continue;
    out.push(entry);
    names.add(entry.name);
  }
  for (const [path, text] of session.overlay) {
    if (text === null || resolve(path, "..") !== folder) continue;
    const name = path.slice(folder.length + 1);
    if (names.has(name)) continue;
    out.push({ name, isFile: () => true, isDirectory: () => false });
  }
  return out;
}
