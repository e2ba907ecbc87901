import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
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
