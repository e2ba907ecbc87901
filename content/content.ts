import { join } from "node:path";
import type { Insights } from "../schemas/insights.ts";
import { mergeTranslation, TRANSLATED_FILES } from "../schemas/translation-files.ts";
import type { EarlyBodies } from "./articles/early-bodies.ts";
import { ARTICLES_DIR, validateArticles } from "./articles/index.ts";
import { withValidationCache } from "./cache.ts";
import { compareDiagnostics } from "./diagnostic.ts";
import { readTextFileSync } from "./read-text.ts";
import type { Article, ContentResult } from "./results.ts";
import { validateDataDir } from "./validate.ts";

/**
 * Everything `validate` checks: the YAML data files (cached while clean), then
 * the articles, which are read on every run (they are most of the content).
 */
export async function validateContent(
  dir: string,
  /** `drafts`: render drafts' HTML too, for the editor's page preview; a draft stays unpublished. */
  options: {
    cache?: boolean;
    render?: boolean;
    drafts?: boolean;
    /** `generate`: the published bodies written while the threads check the articles (articles/early-bodies.ts). */
    early?: EarlyBodies;
  } = {},
): Promise<ContentResult> {
  const { cache = true, render = false, drafts = false, early } = options;
  const yaml = cache ? await withValidationCache(dir, () => validateDataDir(dir)) : await validateDataDir(dir);
  const anchorLabel = yaml.data.insights?.labels.headingAnchor;
  const insightsSchema = TRANSLATED_FILES.find((f) => f.key === "insights")?.schema;
  const locales = yaml.translations.map((locale) => {
    const insights = locale.files.insights;
    const label =
      yaml.data.insights && insights && insightsSchema
        ? mergeTranslation<Insights>(insightsSchema, yaml.data.insights, insights).labels.headingAnchor
        : anchorLabel;
    return {
      code: locale.code,
      ...(label !== undefined ? { anchorLabel: label } : {}),
      ...(locale.articlesLock ? { lock: locale.articlesLock } : {}),
      ...(locale.unreadArticlesLock ? { unreadLock: locale.unreadArticlesLock } : {}),
    };
  });
  const articles = await validateArticles(dir, yaml.data, {
    deferred: yaml.deferredLinks,
    ...(render && anchorLabel ? { render: { anchorLabel, drafts } } : {}),
    locales,
    ...(early ? { early } : {}),
  });
  const diagnostics = [...yaml.diagnostics, ...articles.diagnostics].sort(compareDiagnostics);
  const texts = new Map<string, string>(
    [...yaml.sources.values(), ...yaml.translationSources.values()].map((s) => [s.file, s.text]),
  );
  // Articles are not kept in memory: the few with diagnostics are read again for their code frames.
  const withDiagnostics = new Set(articles.diagnostics.map((d) => d.file));
  const read = (article: Article, folder: string) => {
    if (!article.parsed || !withDiagnostics.has(article.file)) return;
    const text = readTextFileSync(join(dir, ARTICLES_DIR, folder, `${article.slug}.md`), "article").text;
    if (text !== undefined) texts.set(article.file, text);
  };
  for (const article of articles.articles) read(article, "");
  for (const locale of articles.translations) for (const article of locale.articles) read(article, locale.code);
  return {
    ...yaml,
    diagnostics,
    filesChecked: yaml.filesChecked + articles.filesChecked,
    articles: articles.articles,
    translatedArticles: articles.translations,
    texts,
  };
}
