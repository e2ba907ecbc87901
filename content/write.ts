import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { threadId } from "node:worker_threads";
import writeFileAtomic from "write-file-atomic";

/**
 * Writes `content` (text, or bytes such as an article's body) to `path` only
 * when it differs, atomically (write-file-atomic: a temporary file, then a
 * rename, in a folder made first), so a reader never sees half a file. Returns
 * whether it wrote.
 */
export async function writeIfChanged(path: string, content: string | Uint8Array): Promise<boolean> {
  if (typeof content === "string") {
    if ((await readFile(path, "utf8").catch(() => undefined)) === content) return false;
  } else if ((await readFile(path).catch(() => undefined))?.equals(content)) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, typeof content === "string" ? content : Buffer.from(content));
  return true;
}

/**
 * Writes `content` to `path` whole or not at all, without the event loop:
 * a temporary file beside it named for this process and thread, then a
 * rename (what write-file-atomic does, usable from worker threads), the
 * folder made first. Answers whether it wrote; a failure (a full disk)
 * leaves no temporary file behind. For the store's entries (store.ts).
 */
export function writeAtomicSync(path: string, content: string | Uint8Array): boolean {
  const aside = `${path}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(aside, content);
    renameSync(aside, path);
    return true;
  } catch {
    rmSync(aside, { force: true });
    return false;
  }
}
