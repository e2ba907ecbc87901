// Environment: server. Every page's social card, from the page's data, before
// its head is rendered (site/cards/page-card.ts): the head links it, and in a
// build it is drawn (or taken from the cache) into dist/client/cards.
import type { PageContextServer } from "vike/types";
import { attachCard } from "../cards/page-card.ts";

export async function onBeforeRenderHtml(pageContext: PageContextServer) {
  await attachCard(pageContext);
}
