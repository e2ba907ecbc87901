// Environment: build (the seo-files Vite plugin). The Atom feed of the
// Insights section and the section's sitemap entries.
import { consultants } from "../generated/consultants.ts";
import { type ArticleSummary, articles, insightsTexts } from "../generated/insights.ts";
import { firm } from "../generated/site.ts";
import { articlePath, INSIGHTS_PATH, listPaths } from "./insights.ts";
import { escapeXml } from "./xml.ts";

export const FEED_PATH = "/insights/feed.xml";
/** The feed lists the newest articles only: readers poll it, and old entries are in the sitemap. */
export const FEED_SIZE: number = insightsTexts.feedEntries;

/** An RFC 3339 timestamp for a YYYY-MM-DD date (midnight UTC). */
const timestamp = (date: string) => `${date}T00:00:00Z`;

const lastModified = (article: ArticleSummary) => article.updated ?? article.date;

/** The Atom 1.0 feed (RFC 4287) of the newest published articles. */
export function atomFeed(list: readonly ArticleSummary[] = articles): string {
  const entries = list.slice(0, FEED_SIZE);
  const names = new Map<string, string>(consultants.map((c) => [c.slug, c.name]));
  const updated = entries.map(lastModified).sort().at(-1) ?? "1970-01-01";
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(`${firm.baseUrl}${INSIGHTS_PATH}`)}</id>`,
    `  <title>${escapeXml(insightsTexts.feed.title)}</title>`,
    `  <subtitle>${escapeXml(insightsTexts.feed.subtitle)}</subtitle>`,
    `  <updated>${timestamp(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${firm.baseUrl}${FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${firm.baseUrl}${INSIGHTS_PATH}`)}"/>`,
    `  <author><name>${escapeXml(firm.legalName)}</name><uri>${escapeXml(`${firm.baseUrl}/`)}</uri></author>`,
  ];
  for (const article of entries) {
    const url = escapeXml(`${firm.baseUrl}${articlePath(article.slug)}`);
    lines.push(
      "  <entry>",
      `    <id>${url}</id>`,
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <published>${timestamp(article.date)}</published>`,
      `    <updated>${timestamp(lastModified(article))}</updated>`,
      `    <author><name>${escapeXml(names.get(article.author) ?? article.author)}</name><uri>${escapeXml(`${firm.baseUrl}/consultants#${article.author}`)}</uri></author>`,
      ...article.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary>${escapeXml(article.description)}</summary>`,
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}

/** Sitemap entries of the section: the list pages, the tag pages and every article with its lastmod. */
export function insightsSitemapEntries(): { path: string; lastmod: string | null }[] {
  const newest = articles[0] ? lastModified(articles[0]) : null;
  const lists = listPaths().map((path) => ({ path, lastmod: path === INSIGHTS_PATH ? newest : null }));
  return [
    ...lists,
    ...articles.map((article) => ({ path: articlePath(article.slug), lastmod: lastModified(article) })),
  ];
}
