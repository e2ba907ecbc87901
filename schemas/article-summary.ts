// What the site knows of a published article without its body: one line of
// the article index (site/generated/articles.json, and <code>/articles.json),
// written by `generate` (content/articles/module.ts) and read by the pages
// (site/generated/insights.ts re-exports these types). Said once, here.

export interface ArticleHeading {
  depth: 2 | 3;
  id: string;
  /** As written: a phrase in another language keeps its marker, `[ganzheitlich]{lang=de}`. */
  text: string;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD, or null when never updated */
  updated: string | null;
  /** A consultant's slug */
  author: string;
  /** Tag slugs */
  tags: readonly string[];
  readingMinutes: number;
  words: number;
  headings: readonly ArticleHeading[];
  /** A translation's original (its slug, the same as its own); absent in the default language. */
  translationOf?: string;
  /** The article's own cover image (a path under site/public) for its social card, when it names one */
  cover?: { src: string; alt: string };
}
