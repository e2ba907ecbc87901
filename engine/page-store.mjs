// @ts-check
// The page cache's storage: a page's final HTML and page data under its key
// (cache.mjs), in packs rather than a folder per page.
//
// A render thread appends every page it renders to one pack of its own for
// the build (`<build>-<pid>-<thread>.pack`): one file created per thread, not
// one per page, so a page costs the file system its folder, its HTML and
// its page data in dist/client and nothing more (bench:build counts it). The
// index (index.json: key → pack, offset, lengths) is written by the driver
// alone, at the end of the page step, by a rename: an entry is in it only
// once its bytes are whole in a pack, and a build that stops midway leaves
// a pack no index names, removed by the next build. That build also removes
// packs no entry uses and rewrites those less than half used (compact), so
// the store stays within about twice what the pages hold.
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { storeEntry } from "./cache.mjs";

/** Raised with the index's layout; an index of another version is read as empty. */
const VERSION = 1;
const INDEX = "index.json";

/**
 * Where a page's bytes are: a pack (its file name), the offset, the HTML's
 * length and the page data's (-1: none, the 404 pages).
 * @import { StoredPage } from "./messages.ts"
 */

/**
 * The index of the store in `dir`: key → where the page is; empty when there is none (or it is unreadable).
 * @param {string} dir @returns {Map<string, StoredPage>}
 */
export function readIndex(dir) {
  try {
    const index = JSON.parse(readFileSync(join(dir, INDEX), "utf8"));
    if (index?.version === VERSION) return new Map(Object.entries(index.pages));
  } catch {
    // none yet, or half of an older layout: every page is rendered, and stored again
  }
  return new Map();
}

/**
 * A render thread's view of the store: `find(key)` reads a stored page's
 * bytes (null when the key is not stored, or its pack is gone), `add(html,
 * json)` appends a page to this thread's pack and says where it went.
 * @param {string} dir @param {string} build a name for this build's packs
 */
export function pageStore(dir, build) {
  const index = readIndex(dir);
  /** @type {Map<string, number>} Packs open for reading. */
  const reading = new Map();
  const pack = `${build}-${process.pid}-${threadId}.pack`;
  let fd = -1;
  let size = 0;
  /** @param {number} from @param {number} length @param {number} at */
  const bytes = (from, length, at) => {
    const buffer = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const got = readSync(from, buffer, read, length - read, at + read);
      if (got === 0) throw new Error("short pack");
      read += got;
    }
    return buffer;
  };
  return {
    /** @param {string} key @returns {{ html: Buffer, json: Buffer | null, stored: StoredPage } | null} */
    find(key) {
      const stored = index.get(key);
      if (!stored) return null;
      const [name, offset, html, json] = stored;
      try {
        let from = reading.get(name);
        if (from === undefined) {
          from = openSync(join(dir, name), "r");
          reading.set(name, from);
        }
        const all = bytes(from, html + Math.max(json, 0), offset);
        return { html: all.subarray(0, html), json: json < 0 ? null : all.subarray(html), stored };
      } catch {
        // Its pack was removed by another build, or cut short: the page is rendered.
        return null;
      }
    },
    /** @param {Buffer} html @param {Buffer | null} json @returns {StoredPage} */
    add(html, json) {
      if (fd < 0) fd = openSync(join(dir, pack), "wx");
      const stored = /** @type {StoredPage} */ ([pack, size, html.length, json ? json.length : -1]);
      writeSync(fd, json ? Buffer.concat([html, json]) : html);
      size += html.length + (json ? json.length : 0);
      return stored;
    },
  };
}

/**
 * Writes the index of the pages this build used (`used`: key → where it is),
 * then removes the packs it names no longer and rewrites those less than
 * half used. Returns how many packs were removed and rewritten.
 * @param {string} dir @param {Map<string, StoredPage>} used
 * @returns {{ removed: number, compacted: number }}
 */
export function commitIndex(dir, used) {
  /** @type {Map<string, number>} Live bytes per pack. */
  const live = new Map();
  for (const [name, , html, json] of used.values()) live.set(name, (live.get(name) ?? 0) + html + Math.max(json, 0));
  const sparse = [...live].filter(([name, bytes]) => bytes * 2 < sizeOf(join(dir, name)));
  let compacted = 0;
  if (sparse.length > 0) {
    // One new pack holds what the sparse ones still hold; their entries point at it.
    const into = `compact-${Date.now().toString(36)}-${process.pid}.pack`;
    const fd = openSync(join(dir, into), "wx");
    let size = 0;
    const names = new Set(sparse.map(([name]) => name));
    for (const [key, [name, offset, html, json]] of used) {
      if (!names.has(name)) continue;
      const length = html + Math.max(json, 0);
      const buffer = Buffer.allocUnsafe(length);
      const from = openSync(join(dir, name), "r");
      try {
        readSync(from, buffer, 0, length, offset);
      } finally {
        closeSync(from);
      }
      writeSync(fd, buffer);
      used.set(key, [into, size, html, json]);
      size += length;
    }
    closeSync(fd);
    compacted = sparse.length;
  }
  storeEntry(join(dir, INDEX), (aside) =>
    writeFileSync(aside, JSON.stringify({ version: VERSION, pages: Object.fromEntries(used) })),
  );
  const named = new Set([...used.values()].map(([name]) => name));
  let removed = 0;
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name === INDEX || named.has(name)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return { removed, compacted };
}

/** @param {string} path */
function sizeOf(path) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
