// @ts-check
// What precompress still has to do, so that a rebuild's precompress looks at
// what the rebuild wrote rather than at every file: at 10,000 articles,
// listing and statting 23,000 files and their twins took 0.7 s to find the
// one page an edit changed.
//
// dist/precompress/ (beside dist/client, not served) holds `complete` once a
// precompress run left every compressible file of dist/client with current
// twins, and a journal per writer of the files it wrote since, a line each:
// the page step's render threads (render-worker.mjs) and the bundle step's
// sitemap and feeds (bundle.mjs). Whatever replaces dist/client whole (`vike
// build`, a stored bundle restored) removes the folder, and with no
// `complete` nobody keeps a journal: the next precompress looks at every file.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";

const COMPLETE = "complete";

/** @param {string} dist */
const folderOf = (dist) => join(dist, "precompress");

/**
 * A writer's journal in `dist`: `note(file)` (relative to dist/client) after
 * writing a file. Keeps nothing while precompress has no complete state to
 * add to (it will look at every file). One file per writer and thread, made
 * at the first note.
 * @param {string} dist @param {string} writer
 */
export function journal(dist, writer) {
  const dir = folderOf(dist);
  if (!existsSync(join(dir, COMPLETE))) return { note: (/** @type {string} */ _file) => {}, close: () => {} };
  let fd = -1;
  return {
    /** @param {string} file */
    note(file) {
      if (fd < 0) fd = openSync(join(dir, `${writer}-${process.pid}-${threadId}.txt`), "a");
      writeSync(fd, `${file}\n`);
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

/**
 * What precompress has to look at in `dist`: null when it must look at every
 * file; else the files written since it last ran (relative to dist/client),
 * and the journals that said so (to remove once done).
 * @param {string} dist @returns {{ files: string[], journals: string[] } | null}
 */
export function pending(dist) {
  const dir = folderOf(dist);
  if (!existsSync(join(dir, COMPLETE))) return null;
  const journals = readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .map((name) => join(dir, name));
  const files = new Set();
  for (const file of journals) for (const line of readFileSync(file, "utf8").split("\n")) if (line) files.add(line);
  return { files: [...files], journals };
}

/**
 * After a precompress run that finished: every file has current twins, and
 * the journals it read are done with (null: it looked at every file, so all are).
 * @param {string} dist @param {string[] | null} journals
 */
export function markComplete(dist, journals) {
  const dir = folderOf(dist);
  mkdirSync(dir, { recursive: true });
  const done =
    journals ??
    readdirSync(dir)
      .filter((name) => name.endsWith(".txt"))
      .map((name) => join(dir, name));
  for (const file of done) rmSync(file, { force: true });
  closeSync(openSync(join(dir, COMPLETE), "w"));
}

/** dist/client is about to be replaced whole: the next precompress looks at every file. @param {string} dist */
export function forgetPrecompressed(dist) {
  rmSync(folderOf(dist), { recursive: true, force: true });
}
