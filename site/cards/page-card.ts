// Environment: server (build time). A page's card: what it says (from the
// page's own data), its file and what the head says about it.
import { firm } from "../generated/site.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "./card.ts";
import { cardAlt, cardSpecOf } from "./card-spec.ts";
import { type CardFile, cardFile, ensureCard } from "./card-store.ts";

export interface PageCard {
  spec: CardSpec;
  file: CardFile;
  /** Absolute, from the firm's base URL: what og:image and the Article's image say. */
  url: string;
  alt: string;
  width: number;
  height: number;
}

declare global {
  namespace Vike {
    interface PageContext {
      /** Server only: the page's social card (attachCard, from +onRenderHtml.ts), for the head. */
      card?: PageCard;
    }
  }
}

export function pageCard(
  pageContext: Parameters<typeof pageMeta>[0] & { articleParts?: Vike.PageContext["articleParts"] },
): PageCard {
  const spec = cardSpecOf({
    meta: pageMeta(pageContext),
    articleParts: pageContext.articleParts,
    locale: pageContext.locale,
  });
  const file = cardFile(spec);
  return { spec, file, url: `${firm.baseUrl}${file.path}`, alt: cardAlt(spec), width: CARD_WIDTH, height: CARD_HEIGHT };
}

/**
 * Puts the page's card on pageContext (for the heads) and, outside the dev
 * server, makes sure its file is in the output: called once per page by the
 * pass that renders it, before the head is rendered.
 */
export async function attachCard(pageContext: Parameters<typeof pageCard>[0] & { card?: PageCard }): Promise<PageCard> {
  const card = pageCard(pageContext);
  pageContext.card = card;
  if (!import.meta.env.DEV) await ensureCard(card.spec, card.file);
  return card;
}
