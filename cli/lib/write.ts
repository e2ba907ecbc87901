import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Writes `content` (text, or bytes such as an article's body) to `path` only when it differs, through a temp file and a
 * rename, so a reader never sees half a file. Returns whether it wrote.
 */
export async function writeIfChanged(path: string, content: string | Uint8Array): Promise<boolean> {
  if (typeof content === "string") {
    if ((await readFile(path, "utf8").catch(() => undefined)) === content) return false;
  } else if ((await readFile(path).catch(() => undefined))?.equals(content)) return false;
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return true;
}
