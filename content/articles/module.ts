import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import type { ArticleSummary } from "../../schemas/article-summary.ts";
import type { Insights } from "../../schemas/insights.ts";
import type { PathSegment } from "../../schemas/suggest.ts";
import type { Article } from "../results.ts";
import { stampMemo } from "../stamps.ts";
import { typedExport } from "../typed-export.ts";
import { bodyHtml } from "./article-file.ts";

export type { ArticleSummary } from "../../schemas/article-summary.ts";

/** Whether an article is published: valid, not a draft. */
export const isPublished = (article: Article): boolean =>
  !!article.frontMatter && article.frontMatter.draft !== true && !article.hasErrors;

/** Published articles (valid, not drafts), newest first, then by slug. */
export function publishedArticles(articles: readonly Article[]): Article[] {
  return articles.filter(isPublished).sort((a, b) => {
    const byDate = (b.frontMatter?.date ?? "").localeCompare(a.frontMatter?.date ?? "");
    return byDate || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
  });
}

export function summarize(article: Article, wordsPerMinute: number, resolve: (text: string) => string): ArticleSummary {
  const fm = article.frontMatter;
  if (!fm) throw new Error(`summarize: ${article.slug} has no front matter`);
  return {
    slug: article.slug,
    title: resolve(fm.title),
    description: resolve(fm.description),
    date: fm.date,
    updated: fm.updated ?? null,
    author: fm.author,
    tags: fm.tags,
    readingMinutes: Math.max(1, Math.ceil(article.words / wordsPerMinute)),
    words: article.words,
    headings: article.headings.map((h) => ({ depth: h.depth === 3 ? 3 : 2, id: h.id, text: h.text })),
    ...(fm.image !== undefined && fm.imageAlt !== undefined
      ? { cover: { src: fm.image, alt: resolve(fm.imageAlt) } }
      : {}),
  };
}

/**
 * site/generated/articles.json (or <code>/articles.json): the article index,
 * the published articles' summaries, newest first (date descending, then
 * slug); one article per line, so that a diff shows which changed.
 */
export function renderArticleIndex(summaries: readonly ArticleSummary[]): string {
  return summaries.length === 0 ? "[]\n" : `[\n${summaries.map((s) => JSON.stringify(s)).join(",\n")}\n]\n`;
}

/**
 * site/generated/insights.ts: the interface the Insights pages build on;
 * site/generated/<code>/insights.ts the same for another language (its
 * published translations, each with `translationOf`), typed as the default's.
 * `text(path)` tells the translatable texts of data/insights.yaml.
 */
export function renderInsightsModule(
  insights: Insights,
  code = "",
  text: (path: readonly PathSegment[]) => boolean = () => false,
): string {
  const { tags, ...texts } = insights;
  const exports = `${typedExport("insightTags", tags, code, (path) => text(["tags", ...path]))}
${typedExport("insightsTexts", texts, code, text)}`;
  if (code) {
    return `// Generated from data/insights.yaml, data/${code}/insights.yaml and data/insights/${code}/*.md by \`npm run generate\`. Do not edit.
// The published translations are listed in ./articles.json, their bodies are in
// ./articles/<slug>.html: both read on the server (site/lib/article-index.ts).

import type * as en from "../insights.ts";

export type { ArticleHeading, ArticleSummary } from "../insights.ts";

/** A translated article: its summary, and the slug of the English original (the same slug). */
export interface TranslatedArticleSummary extends en.ArticleSummary {
  translationOf: string;
}

${exports}`;
  }
  return `// Generated from data/insights.yaml by \`npm run generate\`. Do not edit.
// The published articles of data/insights/*.md are listed in ./articles.json, their bodies
// are in ./articles/<slug>.html: both read on the server (site/lib/article-index.ts), so
// that no bundle carries the articles and \`vike build\` does not grow with them.

export type { ArticleHeading, ArticleSummary } from "../../schemas/article-summary.ts";

${exports}`;
}

/**
 * Writes articles/<slug>.html for each published article whose body changed
 * (through a temp file and a rename, like the modules), and deletes the body
 * of an article that is gone or became a draft. Synchronous: thousands of
 * small files go faster without a round trip through the thread pool each.
 * Returns the paths it wrote and the paths it removed.
 */
export function writeArticleBodies(
  dir: string,
  published: readonly Article[],
  /** The bodies generate wrote while it checked the articles (early-bodies.ts's EarlyBodies). */
  early?: { digestOf(path: string): string | undefined },
): { written: string[]; removed: string[] } {
  const written: string[] = [];
  const removed: string[] = [];
  if (published.length === 0 && !existsSync(dir)) return { written, removed };
  mkdirSync(dir, { recursive: true });
  const present = new Set(readdirSync(dir));
  // What each body file was written with, by its stamp (stamps.ts): an unchanged one is not read to be compared.
  const outputs = stampMemo("outputs");
  for (const article of published) {
    const name = `${article.slug}.html`;
    const path = join(dir, name);
    const there = present.delete(name);
    // Written while the articles were checked, with this very HTML: written.
    if (article.htmlDigest !== undefined && early?.digestOf(path) === article.htmlDigest) {
      outputs.set(path, statSync(path), article.htmlDigest, true);
      written.push(path);
      continue;
    }
    const info = there ? statSync(path, { throwIfNoEntry: false }) : undefined;
    if (info && article.htmlDigest !== undefined && outputs.get(path, info) === article.htmlDigest) continue;
    const bytes = bodyHtml(article) ?? new Uint8Array();
    const current = info ? readFileSync(path) : undefined;
    if (current?.equals(bytes)) {
      if (info && article.htmlDigest !== undefined) outputs.set(path, info, article.htmlDigest);
      continue;
    }
    if (current === undefined) writeFileSync(path, bytes, { flag: "wx" });
    // Replaced through a rename, so a reader (the dev server) never sees half a file.
    else writeFileAtomic.sync(path, Buffer.from(bytes), { fsync: false });
    if (article.htmlDigest !== undefined) outputs.set(path, statSync(path), article.htmlDigest, true);
    written.push(path);
  }
  for (const stale of present) {
    const path = join(dir, stale);
    rmSync(path, { force: true });
    removed.push(path);
  }
  return { written, removed };
}
