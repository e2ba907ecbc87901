// Environment: server. Every page's social card, from the page's data, before
// its head is rendered: the head links it, and in a build it is drawn (or taken
// from the cache) into dist/client/cards. The dev server draws none.
import type { PageContextServer } from "vike/types";
import { ensureCard } from "../cards/card-store.ts";
import { pageCard } from "../cards/page-card.ts";

export async function onBeforeRenderHtml(pageContext: PageContextServer) {
  const card = pageCard(pageContext);
  pageContext.card = card;
  if (!import.meta.env.DEV) await ensureCard(card.spec, card.file);
}
