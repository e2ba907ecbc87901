// Environment: server (build time). The article page's content goes into
// pageContext.articleParts, which is not passed to the client (island.ts).
import type { PageContextServer } from "vike/types";
import { articleParts } from "./parts.ts";

export async function onBeforeRender(pageContext: PageContextServer) {
  const parts = await articleParts(pageContext.locale, pageContext.routeParams.slug ?? "");
  return parts ? { pageContext: { articleParts: parts } } : undefined; // none: +data.ts answered 404
}
