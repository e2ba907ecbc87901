// Environment: server. vike-react's onRenderHtml, with one addition for the
// build's cache (engine/cache.mjs): while the build engine renders (it
// passes pageContext.buildEngine, site/lib/build-engine.ts), it is asked
// first whether this page, with everything its hooks put in pageContext, was
// rendered before; if so, React does not render it again and the engine
// reuses the stored files. Outside the build (dev, the production
// server) it is vike-react's onRenderHtml unchanged, imported from
// vike-react's internal path: docs/architecture.md, "Vike internals".
//
// Before that, every page gets its social card (site/cards/page-card.ts): on
// pageContext for the heads, and its file in the output, drawn or linked from
// the card cache, also for a page whose HTML is reused. The card (its texts
// and content hash) is then part of what the page's cache key covers.
import { dangerouslySkipEscape } from "vike/server";
import type { PageContextServer } from "vike/types";
import { onRenderHtml as renderWithReact } from "vike-react/__internal/integration/onRenderHtml";
import { attachCard } from "../cards/page-card.ts";

export async function onRenderHtml(pageContext: PageContextServer) {
  // Passed to renderPage by engine/render-worker.mjs (site/lib/build-engine.ts).
  const cache = pageContext.buildEngine;
  const started = performance.now();
  await attachCard(pageContext);
  cache?.spent("cards", performance.now() - started);
  if (cache?.reuse(pageContext)) return dangerouslySkipEscape("<!DOCTYPE html><html><head></head><body></body></html>");
  return renderWithReact(pageContext);
}
