// @ts-check
// The build's record of dist/: what each page's files are and what it read
// of the articles (site/lib/build-reads.ts), with a digest of each read. The
// next build replays the reads (dist/server/page-inputs.mjs) and keeps in
// place every page whose digests all match, without running its hooks; a
// page whose reads changed is rendered (and may still be reused from the
// page cache, cache.mjs); files of pages that are gone are swept.
//
// The record describes the dist/ it sits in: dist/build-record.json, beside
// dist/client (not served). It is valid for a build whose bundle key
// (bundle.mjs) and build key (cache.mjs) are the ones it was written with:
// any change of code, shared data, dependency or Node renders every page.
// The bundle step removes it whenever it replaces dist/.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { storeEntry } from "./cache.mjs";
import { TWINS } from "./compress.mjs";

/** Raised with the record's layout; an older record is not read. */
const VERSION = 1;

/**
 * @import { Route } from "../site/lib/build-engine.ts"
 * @typedef {[read: string, digest: string][]} Reads
 * @typedef {{ route: Route, key: string | null, files: string[], reads: Reads }} PageRecord
 * @typedef {{ routes: Route[], reads: Reads }} ListRecord
 * @typedef {{ version: number, bundleKey: string, buildKey: string, list: ListRecord, pages: PageRecord[] }} BuildRecord
 */

/** @param {string} dist */
export const recordFile = (dist) => join(dist, "build-record.json");

/** @param {string} dist */
export function removeRecord(dist) {
  rmSync(recordFile(dist), { force: true });
}

/**
 * The record of `dist`, if it was written for these keys; else null.
 * @param {string} dist @param {{ bundleKey: string, buildKey?: string }} keys
 * @returns {BuildRecord | null}
 */
export function readRecord(dist, keys) {
  /** @type {BuildRecord | null} */
  let record;
  try {
    record = JSON.parse(readFileSync(recordFile(dist), "utf8"));
  } catch {
    return null;
  }
  if (record?.version !== VERSION || record.bundleKey !== keys.bundleKey) return null;
  if (keys.buildKey !== undefined && record.buildKey !== keys.buildKey) return null;
  return record;
}

/** @param {string} dist @param {Omit<BuildRecord, "version">} record */
export function writeRecord(dist, record) {
  storeEntry(recordFile(dist), (aside) => writeFileSync(aside, JSON.stringify({ version: VERSION, ...record })));
}

/**
 * The replay of reads against the articles on disk now: `digest(read)`, and
 * `unchanged(reads)` when every recorded digest still matches.
 * @param {string} dist
 */
export async function replayer(dist) {
  /** @type {typeof import("../site/lib/page-inputs.ts")} (bundled there by bundle.mjs) */
  const { createReplay } = await import(pathToFileURL(join(dist, "server/page-inputs.mjs")).href);
  const digest = createReplay();
  return {
    digest,
    /** @param {string[]} reads @returns {Reads} */
    withDigests: (reads) => reads.map((read) => [read, digest(read)]),
    /** @param {Reads} reads */
    unchanged: (reads) => reads.every(([read, recorded]) => digest(read) === recorded),
  };
}

/**
 * Removes the files the last build wrote that this one did not (an article
 * deleted, a card redrawn under a new name), with their .br/.gz twins
 * (precompress.mjs), and the folders that leaves empty; returns how many files.
 * @param {string} clientDir @param {Iterable<string>} before @param {Set<string>} now
 */
export function sweep(clientDir, before, now) {
  let removed = 0;
  const folders = new Set();
  for (const file of before) {
    if (now.has(file)) continue;
    for (const name of [file, ...TWINS.map((twin) => `${file}${twin}`)]) rmSync(join(clientDir, name), { force: true });
    removed++;
    for (let dir = dirname(file); dir !== "."; dir = dirname(dir)) folders.add(dir);
  }
  // Deepest first, so a parent is tried once its children are gone.
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    try {
      if (readdirSync(join(clientDir, dir)).length === 0) rmdirSync(join(clientDir, dir));
    } catch {
      // gone already, or not empty
    }
  }
  return removed;
}

/**
 * Whether a kept page is still there: its HTML (a page folder deleted by hand
 * renders the page again; one stat a page, not one a file).
 * @param {string} clientDir @param {string[]} files
 */
export function filesPresent(clientDir, files) {
  const [html] = files;
  return html !== undefined && existsSync(join(clientDir, html));
}
