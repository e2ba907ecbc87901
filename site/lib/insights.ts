// Environment: server (build time). The Insights section's pure rules: which
// list pages exist, what a card shows, which articles are related. Only the
// pages' +data and +onBeforePrerenderStart hooks import this module, so the
// article index never ships to the browser; pages get just what they render.
import { consultants } from "../generated/consultants.ts";
import { type ArticleSummary, articles, insightsTexts, insightTags } from "../generated/insights.ts";

/** Articles per list page (data/insights.yaml: a list page must stay inside the HTML budget). */
export const PAGE_SIZE: number = insightsTexts.articlesPerPage;
/** How many related articles an article page shows. */
export const RELATED_COUNT: number = insightsTexts.relatedArticles;

export const INSIGHTS_PATH = "/insights";

const tagsBySlug = new Map<string, (typeof insightTags)[number]>(insightTags.map((tag) => [tag.slug, tag]));

export const tagPath = (tag: string) => `${INSIGHTS_PATH}/tags/${tag}`;
export const articlePath = (slug: string) => `${INSIGHTS_PATH}/${slug}`;

/** The path of list page `page` (1-based) of all articles, or of one tag's. */
export function listPath(tag: string | null, page: number): string {
  const base = tag === null ? INSIGHTS_PATH : tagPath(tag);
  return page <= 1 ? base : `${base}/page/${page}`;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

const taggedCache = new Map<string, readonly ArticleSummary[]>();

export function articlesTagged(tag: string | null): readonly ArticleSummary[] {
  if (tag === null) return articles;
  let tagged = taggedCache.get(tag);
  if (!tagged) {
    tagged = articles.filter((article) => article.tags.includes(tag));
    taggedCache.set(tag, tagged);
  }
  return tagged;
}

const bySlug = new Map<string, ArticleSummary>(articles.map((article) => [article.slug, article]));

export function findArticle(slug: string): ArticleSummary | undefined {
  return bySlug.get(slug);
}

export function findTag(slug: string) {
  return tagsBySlug.get(slug);
}

/** Every list page's path: /insights, its pages, each tag page and theirs. */
export function listPaths(): string[] {
  const paths: string[] = [];
  for (const tag of [null, ...insightTags.map((t) => t.slug)]) {
    const total = articlesTagged(tag).length;
    if (tag !== null && total === 0) continue;
    for (let page = 1; page <= pageCount(total); page++) paths.push(listPath(tag, page));
  }
  return paths;
}

export interface TagLink {
  slug: string;
  label: string;
}

export interface AuthorLink {
  slug: string;
  name: string;
}

/** What an article card shows, and no more. */
export interface ArticleCard {
  slug: string;
  title: string;
  description: string;
  date: string;
  readingMinutes: number;
  author: AuthorLink;
  tags: TagLink[];
}

const consultantsBySlug = new Map<string, (typeof consultants)[number]>(consultants.map((c) => [c.slug, c]));

export function tagLink(slug: string): TagLink {
  return { slug, label: tagsBySlug.get(slug)?.label ?? slug };
}

export function consultant(slug: string) {
  const found = consultantsBySlug.get(slug);
  if (!found) throw new Error(`unknown author ${slug} (validate checks authors)`);
  return found;
}

export function card(article: ArticleSummary): ArticleCard {
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    date: article.date,
    readingMinutes: article.readingMinutes,
    author: { slug: article.author, name: consultant(article.author).name },
    tags: article.tags.map(tagLink),
  };
}

/**
 * The `count` articles sharing most tags with `article`, ties broken by
 * recency (the articles list is newest first); then the newest others.
 * Linear overall: articles are grouped by tag set once, and only the first
 * `count + 1` of each group can make the cut.
 */
export function related(
  article: ArticleSummary,
  all: readonly ArticleSummary[] = articles,
  count = RELATED_COUNT,
): ArticleSummary[] {
  const candidates: { other: ArticleSummary; index: number; shared: number }[] = [];
  for (const group of tagGroups(all)) {
    const shared = group.tags.filter((t) => article.tags.includes(t)).length;
    for (const index of group.indexes.slice(0, count + 1)) {
      const other = all[index] as ArticleSummary;
      if (other.slug !== article.slug) candidates.push({ other, index, shared });
    }
  }
  candidates.sort((a, b) => b.shared - a.shared || a.index - b.index);
  return candidates.slice(0, count).map((c) => c.other);
}

interface TagGroup {
  tags: readonly string[];
  /** Positions in the list, ascending (newest first). */
  indexes: number[];
}

const groupsCache = new WeakMap<readonly ArticleSummary[], TagGroup[]>();

function tagGroups(all: readonly ArticleSummary[]): TagGroup[] {
  const cached = groupsCache.get(all);
  if (cached) return cached;
  const byKey = new Map<string, TagGroup>();
  all.forEach((article, index) => {
    const key = [...article.tags].sort().join(" ");
    const group = byKey.get(key);
    if (group) group.indexes.push(index);
    else byKey.set(key, { tags: article.tags, indexes: [index] });
  });
  const groups = [...byKey.values()];
  groupsCache.set(all, groups);
  return groups;
}

/** Each consultant with published articles: where their card links (the article, or the list when several). */
export function authorArticleLinks(): Record<string, { href: string; count: number }> {
  const links: Record<string, { href: string; count: number }> = {};
  for (const article of articles) {
    const link = links[article.author];
    if (link) {
      link.count += 1;
      link.href = INSIGHTS_PATH;
    } else links[article.author] = { href: articlePath(article.slug), count: 1 };
  }
  return links;
}

/** Fill `{name}` placeholders of a text from data/insights.yaml. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
