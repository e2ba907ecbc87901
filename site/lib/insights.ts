// Environment: server (build time). The Insights section's pure rules: which
// list pages exist, what a card shows, which articles are related. Only the
// pages' +data and +onBeforePrerenderStart hooks import this module, so the
// article index never ships to the browser; pages get just what they render.
// Each language has its own articles (a German page exists only where a
// German article does), so the rules come per language, `insightsOf(locale)`;
// the module's own exports are the default language's.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ArticleSummary } from "../generated/insights.ts";
import { articleBodiesDir, articleIndex } from "./article-index.ts";
import { noted } from "./build-reads.ts";
import { type Content, content } from "./content.ts";
import { defaultLocale, type Locale } from "./locale.ts";

type InsightTag = Content["insights"]["insightTags"][number];

/** Articles per list page (data/insights.yaml: a list page must stay inside the HTML budget). */
export const PAGE_SIZE: number = content().insights.insightsTexts.articlesPerPage;
/** How many related articles an article page shows. */
export const RELATED_COUNT: number = content().insights.insightsTexts.relatedArticles;

export const INSIGHTS_PATH = "/insights";

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

/**
 * The section's rules over one language's articles: the only door to them
 * for the pages (the build's record of a page's inputs relies on it), and
 * each way in notes what it reads (build-reads.ts).
 */
export class Insights {
  /** The index, not noted: for the rules themselves. */
  readonly #all: readonly ArticleSummary[];
  readonly texts: Content["insights"]["insightsTexts"];
  readonly tags: readonly InsightTag[];
  private readonly tagsBySlug: Map<string, InsightTag>;
  private readonly bySlug: Map<string, ArticleSummary>;
  private readonly consultantsBySlug: Map<string, Content["consultants"]["consultants"][number]>;
  private readonly taggedCache = new Map<string, readonly ArticleSummary[]>();

  constructor(
    readonly locale: Locale,
    articles: readonly ArticleSummary[] = articleIndex(locale),
  ) {
    const { insights, consultants } = content(locale);
    this.#all = articles;
    this.texts = insights.insightsTexts;
    this.tags = insights.insightTags;
    this.tagsBySlug = new Map(this.tags.map((tag) => [tag.slug, tag]));
    this.bySlug = new Map(articles.map((article) => [article.slug, article]));
    this.consultantsBySlug = new Map(consultants.consultants.map((c) => [c.slug, c]));
  }

  /** Every published article, newest first: a page that reads this is rendered again after any article's edit. */
  get articles(): readonly ArticleSummary[] {
    return noted(["index", this.locale], () => this.#all);
  }

  /** Whether these rules are over `articles` (insightsOf makes new ones when the index changed). */
  isOver(articles: readonly ArticleSummary[]): boolean {
    return this.#all === articles;
  }

  articlesTagged(tag: string | null): readonly ArticleSummary[] {
    return noted(["tagged", this.locale, tag], () => this.#tagged(tag));
  }

  /**
   * List page `page` (1-based) of all articles or of one tag's: its articles
   * and how many there are in all. A list page reads this, not the whole
   * list, so an edit re-renders only the list pages that show it.
   */
  listPage(tag: string | null, page: number): { items: readonly ArticleSummary[]; total: number } {
    return noted(["listPage", this.locale, tag, page], () => {
      const all = this.#tagged(tag);
      return { items: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: all.length };
    });
  }

  /** Every article's slug, newest first: what the pages to pre-render are. */
  slugs(): string[] {
    return noted(["slugs", this.locale], () => this.#all.map((article) => article.slug));
  }

  #tagged(tag: string | null): readonly ArticleSummary[] {
    if (tag === null) return this.#all;
    let tagged = this.taggedCache.get(tag);
    if (!tagged) {
      tagged = this.#all.filter((article) => article.tags.includes(tag));
      this.taggedCache.set(tag, tagged);
    }
    return tagged;
  }

  findArticle(slug: string): ArticleSummary | undefined {
    return noted(["article", this.locale, slug], () => this.bySlug.get(slug));
  }

  /** The articles shown as related on `slug`'s page (see `related`). */
  relatedTo(slug: string): ArticleSummary[] {
    return noted(["related", this.locale, slug], () => {
      const article = this.bySlug.get(slug);
      return article ? related(article, this.#all) : [];
    });
  }

  /** An article's body, the HTML `npm run generate` wrote. */
  body(slug: string): string {
    // Read at once: one page at a time per render thread, and an asynchronous read cost 0.3 ms a page in file handles.
    return noted(["body", this.locale, slug], () =>
      readFileSync(resolve(articleBodiesDir(this.locale), `${slug}.html`), "utf8"),
    );
  }

  findTag(slug: string): InsightTag | undefined {
    return this.tagsBySlug.get(slug);
  }

  /** Every list page's path: /insights, its pages, each tag page and theirs (a tag with no article has none). */
  listPaths(): string[] {
    return noted(["listPaths", this.locale], () => {
      const paths: string[] = [];
      for (const tag of [null, ...this.tags.map((t) => t.slug)]) {
        const total = this.#tagged(tag).length;
        if (tag !== null && total === 0) continue;
        for (let page = 1; page <= pageCount(total); page++) paths.push(listPath(tag, page));
      }
      return paths;
    });
  }

  tagLink(slug: string): TagLink {
    return { slug, label: this.tagsBySlug.get(slug)?.label ?? slug };
  }

  consultant(slug: string) {
    const found = this.consultantsBySlug.get(slug);
    if (!found) throw new Error(`unknown author ${slug} (validate checks authors)`);
    return found;
  }

  card(article: ArticleSummary): ArticleCard {
    return {
      slug: article.slug,
      title: article.title,
      description: article.description,
      date: article.date,
      readingMinutes: article.readingMinutes,
      author: { slug: article.author, name: this.consultant(article.author).name },
      tags: article.tags.map((tag) => this.tagLink(tag)),
    };
  }

  /** Each consultant with published articles: where their card links (the article, or the list when several). */
  authorArticleLinks(): Record<string, { href: string; count: number }> {
    return noted(["authorLinks", this.locale], () => {
      const links: Record<string, { href: string; count: number }> = {};
      for (const article of this.#all) {
        const link = links[article.author];
        if (link) {
          link.count += 1;
          link.href = INSIGHTS_PATH;
        } else links[article.author] = { href: articlePath(article.slug), count: 1 };
      }
      return links;
    });
  }
}

const byLocale = new Map<Locale, Insights>();

/** A language's rules; made again when its article index changed (the dev server regenerates it). */
export function insightsOf(locale: Locale): Insights {
  const articles = articleIndex(locale);
  let insights = byLocale.get(locale);
  if (!insights?.isOver(articles)) {
    insights = new Insights(locale, articles);
    byLocale.set(locale, insights);
  }
  return insights;
}

const english = insightsOf(defaultLocale);

export const articlesTagged = (tag: string | null) => english.articlesTagged(tag);
export const findArticle = (slug: string) => english.findArticle(slug);
export const findTag = (slug: string) => english.findTag(slug);
export const listPaths = () => english.listPaths();
export const tagLink = (slug: string) => english.tagLink(slug);
export const consultant = (slug: string) => english.consultant(slug);
export const card = (article: ArticleSummary) => english.card(article);
export const authorArticleLinks = () => english.authorArticleLinks();

/**
 * The `count` articles sharing most tags with `article`, ties broken by
 * recency (the articles list is newest first); then the newest others.
 * Linear overall: articles are grouped by tag set once, and only the first
 * `count + 1` of each group can make the cut.
 */
export function related(
  article: ArticleSummary,
  all: readonly ArticleSummary[] = english.articles,
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

/** Fill `{name}` placeholders of a text from data/insights.yaml. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
