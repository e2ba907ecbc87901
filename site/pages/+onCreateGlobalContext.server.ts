// Environment: server. Hands the build engine the site's log of what a page
// reads of the articles (site/lib/build-reads.ts; site/lib/build-engine.ts
// says why through globalContext): the engine opens it around each render.
// Elsewhere (dev, the production server) nobody opens it, and it costs nothing.
import type { GlobalContextServer } from "vike/types";
import { logReads } from "../lib/build-reads.ts";

export function onCreateGlobalContext(globalContext: GlobalContextServer) {
  globalContext.logReads = logReads;
}
