// The Insights routes of the route table: the list, the first tag page and
// every published article, with what the visitor must get there. Read from
// the generated modules (site/generated/insights.ts, articles.json) and the section's rules
// (site/lib/insights.ts), never written out here.
import { consultants } from "../../../site/generated/consultants.ts";
import { type ArticleSummary, insightsTexts, insightTags } from "../../../site/generated/insights.ts";
import { firm } from "../../../site/generated/site.ts";
import { articleIndex } from "../../../site/lib/article-index.ts";
import {
  articlePath,
  articlesTagged,
  fill,
  listPath,
  listPaths,
  PAGE_SIZE,
  related,
} from "../../../site/lib/insights.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

/** Fields of a route case (see routes.ts), plus what only Insights pages have. */
export interface InsightsRouteCase {
  path: string;
  name: string;
  status: number;
  title: string;
  description: string;
  h1: string;
  headings: string[];
  canonical: string;
  index: boolean;
  file: string;
  ogType?: "article";
  /** The article this page shows, for article pages. */
  article?: ArticleSummary;
}

/** The text of a body heading as the page shows it: the heading, then its "#" anchor link. */
export const bodyHeading = (text: string) => `${text}#`;

const fileOf = (path: string) => `${path.slice(1)}/index.html`;

function listCase(tag: (typeof insightTags)[number] | null): InsightsRouteCase {
  const { list, tagPage } = insightsTexts;
  const path = listPath(tag?.slug ?? null, 1);
  const heading = tag ? fill(tagPage.heading, { tag: tag.label }) : list.heading;
  return {
    path,
    name: tag ? `insights-tag-${tag.slug}` : "insights",
    status: 200,
    title: tag ? fill(tagPage.title, { tag: tag.label }) : list.title,
    description: tag ? tag.description : list.description,
    h1: heading,
    headings: [
      heading,
      ...articlesTagged(tag?.slug ?? null)
        .slice(0, PAGE_SIZE)
        .map((a) => a.title),
    ],
    canonical: `${firm.baseUrl}${path}`,
    index: true,
    file: fileOf(path),
  };
}

function articleCase(article: ArticleSummary): InsightsRouteCase {
  const path = articlePath(article.slug);
  const h2s = article.headings.filter((h) => h.depth === 2);
  const others = related(article);
  return {
    path,
    name: `article-${article.slug}`,
    status: 200,
    title: article.title,
    description: article.description,
    h1: article.title,
    headings: [
      article.title,
      ...(h2s.length >= 3 ? [insightsTexts.labels.contents] : []),
      ...article.headings.map((h) => bodyHeading(h.text)),
      ...(others.length > 0 ? [insightsTexts.labels.related, ...others.map((a) => a.title)] : []),
      insightsTexts.cta.heading,
    ],
    canonical: `${firm.baseUrl}${path}`,
    index: true,
    file: fileOf(path),
    ogType: "article",
    article,
  };
}

const firstTag = insightTags.find((tag) => articlesTagged(tag.slug).length > 0) ?? null;

export const insightsRoutes: InsightsRouteCase[] = [
  listCase(null),
  ...(firstTag ? [listCase(firstTag)] : []),
  ...articles.map(articleCase),
];

/** Every other pre-rendered Insights page (the other tag pages, later list pages): checked by the link and HTML tests. */
export const otherInsightsPaths: string[] = listPaths().filter((path) => !insightsRoutes.some((r) => r.path === path));
export const otherInsightsFiles = otherInsightsPaths.map(fileOf);

export function authorName(slug: string): string {
  return consultants.find((c) => c.slug === slug)?.name ?? slug;
}
