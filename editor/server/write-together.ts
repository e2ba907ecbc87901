// Several files written as one change: each new text goes to a temporary file
// beside its file first, every file is checked to still hold what the edit was
// made on, then the temporary files are renamed over theirs. A failure before
// the renames writes nothing; a failure among them puts back the files already
// renamed, so data/ holds the whole edit or none of it.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import writeFileAtomic from "write-file-atomic";

export interface FileChange {
  absolute: string;
  text: string;
  /** What the file held when the edit was made on it; undefined for a file that was not there. */
  expected: string | undefined;
}

/** A file that changed on disk since the edit was made on it: nothing was written. */
export class ChangedOnDisk extends Error {
  constructor(readonly absolute: string) {
    super("changed on disk");
  }
}

const current = (absolute: string) => readFile(absolute, "utf8").catch(() => undefined);

/** Writes every changed file of `changes` or none; answers the files it wrote. */
export async function writeTogether(changes: readonly FileChange[]): Promise<string[]> {
  const pending = changes.filter((change) => change.text !== change.expected);
  const temporary = pending.map((change) =>
    join(dirname(change.absolute), `.${basename(change.absolute)}.${randomBytes(6).toString("hex")}.tmp`),
  );
  const renamed: FileChange[] = [];
  try {
    for (const [index, change] of pending.entries()) {
      await mkdir(dirname(change.absolute), { recursive: true });
      await writeFile(temporary[index] as string, change.text, { flag: "wx" });
    }
    for (const change of pending) {
      if ((await current(change.absolute)) !== change.expected) throw new ChangedOnDisk(change.absolute);
    }
    for (const [index, change] of pending.entries()) {
      await rename(temporary[index] as string, change.absolute);
      renamed.push(change);
    }
    return pending.map((change) => change.absolute);
  } catch (error) {
    for (const change of renamed.reverse()) {
      if (change.expected === undefined) await rm(change.absolute, { force: true });
      else await writeFileAtomic(change.absolute, change.expected);
    }
    throw error;
  } finally {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
  }
}
