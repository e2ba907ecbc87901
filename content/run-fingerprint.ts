// `generate` with nothing changed since its last clean run: every file it
// reads (data/, and the images validate checks in site/public/) and every
// file it wrote (the output folder) has the size, modification and change
// times and inode it had then, and the CLI is the same build. Then the run does
// nothing and says what it said: at 10,000 articles that is 20,000 stats
// instead of reading and checking 10,000 files. Like git, it trusts a
// file's stat (stamps.ts does the same file by file); any write, even of the same bytes, makes the
// next run do the work (and the article records keep that cheap:
// articles/record-cache.ts).
//
// Only a clean run is remembered (no warning to print again), only for the
// bundled CLI (run from source, a change of the code would not change the
// key), and CONTENT_RUN_CACHE=0 turns it off.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { readEntry, storeFolder, writeEntry } from "./store.ts";

const bundled = import.meta.url.endsWith(".mjs");

/**
 * Size, times and inode of every file under `dirs` (a missing folder counts as
 * empty). The change time too: a file written again and given its old
 * modification time back (`touch -d`, an archive's times) still changes it.
 */
export function fingerprint(dirs: readonly string[]): string {
  const hash = createHash("sha256");
  for (const dir of dirs) {
    hash.update(`${dir}\0`);
    let names: string[];
    try {
      // Entries with their types: a listing of names alone stats every entry to find the folders (five times slower).
      names = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(dir, name);
      // Gone since the listing (another run's temporary file in the cache folder, renamed or pruned): not there.
      const info = lstatSync(path, { bigint: true, throwIfNoEntry: false });
      if (!info || info.isDirectory()) continue;
      hash.update(`${name}\0${info.size}\0${info.mtimeNs}\0${info.ctimeNs}\0${info.ino}\0${info.mode}\n`);
    }
  }
  return hash.digest("hex");
}

interface Remembered {
  inputs: string;
  outputs: string;
  said: string;
}

export interface RunMemory {
  /** What the last clean run said, when nothing it read or wrote changed since; else undefined. */
  unchanged(): string | undefined;
  /** After a clean run: remember its inputs, outputs and what it said. */
  remember(said: string): void;
}

/**
 * What `unchanged` answered in this process, by memory: `generate`'s own
 * command asks again what content/quiet-generate.ts asked before loading the
 * CLI, and nothing was read or written in between (20,000 stats at 10,000
 * articles, not twice).
 */
const answered = new Map<string, { inputs: string; said: string | undefined }>();

const none: RunMemory = { unchanged: () => undefined, remember: () => undefined };

/** The memory of `generate` reading `inputs` and writing `out` (paths as given on the command line). */
export function runMemory(command: string, inputs: readonly string[], out: string): RunMemory {
  if (!bundled || process.env.CONTENT_RUN_CACHE === "0") return none;
  const ins = inputs.map((dir) => resolve(dir));
  const output = resolve(out);
  const key = createHash("sha256")
    .update([import.meta.url, process.cwd(), command, ...ins, output].join("\0"))
    .digest("hex")
    .slice(0, 24);
  const file = join(storeFolder("runs"), `${key}.bin`);
  let inputsNow: string | undefined;
  return {
    unchanged() {
      // Asked already in this process (quiet-generate.ts, before the CLI loaded), and nothing read since.
      const asked = answered.get(file);
      if (asked) {
        inputsNow = asked.inputs;
        return asked.said;
      }
      // Taken before anything is read: a file changed while this run reads it makes the next run work.
      inputsNow = fingerprint(ins);
      const last = readEntry<Remembered>(file);
      const said = last && last.inputs === inputsNow && last.outputs === fingerprint([output]) ? last.said : undefined;
      answered.set(file, { inputs: inputsNow, said });
      return said;
    },
    remember(said) {
      const remembered: Remembered = { inputs: inputsNow ?? fingerprint(ins), outputs: fingerprint([output]), said };
      writeEntry(file, remembered); // not remembered: the next run does the work
    },
  };
}
