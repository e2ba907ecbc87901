// Environment: server (build time). What a page read of the articles, for the
// build's record of each page's inputs (engine/record.mjs): a rebuild
// checks those reads again (site/lib/page-inputs.ts) and keeps in place every
// page whose reads give what they gave, without running its hooks.
//
// The articles reach a page only through the Insights rules (insights.ts) and
// the translation map (language-alternates.ts); each of their entry points
// says what it reads with `noted`. Everything else a page shows (the shared
// data, the code) is in the build's key, and a change there renders every
// page. The log is scoped (schemas/scoped-log.ts, the mechanism of the CLI's
// read log too): the build engine opens one around each render and around
// the page list (logReads, reached through globalContext: build-engine.ts);
// outside one (dev, the production server, tests) `noted` only computes.

import { ScopedLog } from "../../schemas/scoped-log.ts";
import type { LogReads } from "./build-engine.ts";

/** A read: the query and its arguments, as the replay (page-inputs.ts) takes them. */
export type Read =
  | ["article" | "related" | "body", locale: string, slug: string]
  | ["tagged", locale: string, tag: string | null]
  | ["listPage", locale: string, tag: string | null, page: number]
  | ["index" | "slugs" | "listPaths" | "authorLinks", locale: string]
  | ["paths"];

/** Reads as JSON (the record's key). */
const reads = new ScopedLog<true>();

/** Computes a read's value, noting the read for the page being rendered. */
export function noted<T>(read: Read, compute: () => T): T {
  if (!reads.active) return compute();
  reads.record(JSON.stringify(read), () => true);
  // Reads made while computing another are part of it: only the outermost is noted.
  return reads.outside(compute);
}

export const logReads: LogReads = async (work) => {
  const { value, entries } = await reads.run(work);
  return { value, reads: [...entries.keys()].sort() };
};
