// Environment: server (build time). What a page's social card says, taken
// from the page's own data (its meta, and for an article the parts the page
// renders), so a page in another language gets a card in that language.
import { plainText } from "../../schemas/phrases.ts";
import { firm } from "../generated/site.ts";
import { formatDate } from "../lib/format.ts";
import type { Locale } from "../lib/locale.ts";
import type { PageMeta } from "../lib/page-meta.ts";
import type { ArticleParts } from "../pages/insights-article/parts.ts";
import type { CardSpec } from "./card.ts";

/** The part of a pageContext a card is made from. */
export interface CardSource {
  meta: PageMeta;
  articleParts?: ArticleParts | undefined;
  /** The page's language: its dates are written the language's way. */
  locale?: Locale | undefined;
}

/** The card of a page: an article's byline and facts, another page's title and description. */
export function cardSpecOf({ meta, articleParts, locale }: CardSource): CardSpec {
  const base = {
    name: nameOf(meta.path),
    firm: firm.name,
    host: new URL(firm.baseUrl).host,
  };
  if (articleParts) {
    const { article, author, labels, eyebrow } = articleParts;
    return {
      ...base,
      title: plainText(article.title),
      description: null,
      eyebrow,
      byline: { name: author.name, role: author.role, initials: author.initials },
      facts: `${formatDate(article.date, locale)} · ${article.readingMinutes} ${labels.minRead}`,
      cover: article.cover,
    };
  }
  return {
    ...base,
    title: withoutFirmName(meta.title),
    description: meta.description,
    eyebrow: null,
    byline: null,
    facts: null,
    cover: null,
  };
}

/**
 * A page's title names the firm ("The Firm | Nordstern"), for a browser tab
 * and a search result; the card shows the firm's name and mark already.
 */
export function withoutFirmName(title: string): string {
  const separators = [" | ", " – ", " — ", " - "];
  for (const separator of separators) {
    if (title.endsWith(`${separator}${firm.name}`)) return title.slice(0, -(separator.length + firm.name.length));
    if (title.startsWith(`${firm.name}${separator}`)) return title.slice(firm.name.length + separator.length);
  }
  return title;
}

function nameOf(path: string | null): string {
  if (path === null) return "error";
  const slug = path
    .split("/")
    .filter(Boolean)
    .join("-")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()
    .slice(0, 60);
  return slug || "home";
}

/** The card's `og:image:alt`: what its cover image shows, or its title (the rest is the page's byline and the firm). */
export function cardAlt(spec: CardSpec): string {
  return spec.cover?.alt ?? spec.title;
}
