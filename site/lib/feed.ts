// Environment: build (the seo-files Vite plugin). The Atom feed of the
// Insights section of each language (/insights/feed.xml, /de/insights/feed.xml)
// and the section's sitemap entries.
import { plainText } from "../../schemas/phrases.ts";
import type { ArticleSummary } from "../generated/insights.ts";
import { content } from "./content.ts";
import { articlePath, INSIGHTS_PATH, insightsOf } from "./insights.ts";
import { defaultLocale, type Locale, localePath } from "./locale.ts";
import { escapeXml } from "./xml.ts";

export const FEED_PATH = "/insights/feed.xml";
/** The feed lists the newest articles only: readers poll it, and old entries are in the sitemap. */
export const FEED_SIZE: number = content().insights.insightsTexts.feedEntries;

/** An RFC 3339 timestamp for a YYYY-MM-DD date (midnight UTC). */
const timestamp = (date: string) => `${date}T00:00:00Z`;

const lastModified = (article: ArticleSummary) => article.updated ?? article.date;

/** The Atom 1.0 feed (RFC 4287) of the newest published articles of a language. */
export function atomFeed(
  list: readonly ArticleSummary[] = insightsOf(defaultLocale).articles,
  locale: Locale = defaultLocale,
): string {
  const { site, insights, consultants } = content(locale);
  const { firm } = site;
  const { insightsTexts } = insights;
  const at = (path: string) => `${firm.baseUrl}${localePath(locale, path)}`;
  const entries = list.slice(0, FEED_SIZE);
  const names = new Map<string, string>(consultants.consultants.map((c) => [c.slug, c.name]));
  const updated = entries.map(lastModified).sort().at(-1) ?? "1970-01-01";
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `  <id>${escapeXml(at(INSIGHTS_PATH))}</id>`,
    `  <title>${escapeXml(plainText(insightsTexts.feed.title))}</title>`,
    `  <subtitle>${escapeXml(plainText(insightsTexts.feed.subtitle))}</subtitle>`,
    `  <updated>${timestamp(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(at(FEED_PATH))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(at(INSIGHTS_PATH))}"/>`,
    `  <author><name>${escapeXml(firm.legalName)}</name><uri>${escapeXml(at("/"))}</uri></author>`,
  ];
  for (const article of entries) {
    const url = escapeXml(at(articlePath(article.slug)));
    lines.push(
      "  <entry>",
      `    <id>${url}</id>`,
      `    <title>${escapeXml(plainText(article.title))}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <published>${timestamp(article.date)}</published>`,
      `    <updated>${timestamp(lastModified(article))}</updated>`,
      `    <author><name>${escapeXml(names.get(article.author) ?? article.author)}</name><uri>${escapeXml(`${at("/consultants")}#${article.author}`)}</uri></author>`,
      ...article.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary>${escapeXml(plainText(article.description))}</summary>`,
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}

/** Sitemap entries of the section: the list pages, the tag pages and every article with its lastmod. */
export function insightsSitemapEntries(locale: Locale = defaultLocale): { path: string; lastmod: string | null }[] {
  const { articles } = insightsOf(locale);
  const newest = articles[0] ? lastModified(articles[0]) : null;
  const lists = insightsOf(locale)
    .listPaths()
    .map((path) => ({ path, lastmod: path === INSIGHTS_PATH ? newest : null }));
  return [
    ...lists,
    ...articles.map((article) => ({ path: articlePath(article.slug), lastmod: lastModified(article) })),
  ];
}
