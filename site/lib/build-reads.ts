// Environment: server (build time). What a page read of the articles, for the
// build's record of each page's inputs (engine/record.mjs): a rebuild
// checks those reads again (site/lib/page-inputs.ts) and keeps in place every
// page whose reads give what they gave, without running its hooks.
//
// The articles reach a page only through the Insights rules (insights.ts) and
// the translation map (language-alternates.ts); each of their entry points
// says what it reads with `noted`. Everything else a page shows (the shared
// data, the code) is in the build's key, and a change there renders every
// page. Outside the build's render threads (dev, the production server, tests)
// nothing listens and `noted` only computes.

import { buildChannel } from "./build-channels.ts";

/** A read: the query and its arguments, as the replay (page-inputs.ts) takes them. */
export type Read =
  | ["article" | "related" | "body", locale: string, slug: string]
  | ["tagged", locale: string, tag: string | null]
  | ["listPage", locale: string, tag: string | null, page: number]
  | ["index" | "slugs" | "listPaths" | "authorLinks", locale: string]
  | ["paths"];

/** Reads made while computing another are part of it: only the outermost is noted. */
let depth = 0;

/** Computes a read's value, noting the read for the page being rendered (as JSON: the record's key). */
export function noted<T>(read: Read, compute: () => T): T {
  // The render thread's listener (engine/render-worker.mjs; site/lib/build-channels.ts).
  const sink = buildChannel("growth-partners.build.reads");
  if (sink === undefined) return compute();
  if (depth === 0) sink(JSON.stringify(read));
  depth++;
  try {
    return compute();
  } finally {
    depth--;
  }
}
