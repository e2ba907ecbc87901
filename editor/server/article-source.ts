// A translated article's English source, field by field (title,
// description, body: what the articles' lock records): each current,
// stale (validate's stale warning, with the English it was translated
// from, from the lock), never accepted, or not translated at all.

import type { ContentResult, Diagnostic } from "../../content/index.ts";
import { ARTICLE_FIELDS, englishOf } from "../../content/index.ts";

export type SourceState = "current" | "stale" | "unrecorded" | "missing";

export interface ArticleSourceField {
  field: (typeof ARTICLE_FIELDS)[number];
  english: string;
  state: SourceState;
  /** A stale field: the English it was translated from. */
  was?: string;
}

export interface ArticleSource {
  /** The English article, relative to data/. */
  path: string;
  fields: ArticleSourceField[];
}

/** `insights/de/crm-hygiene.md` → its language and slug, when `code` is a translated language. */
export function articleTranslation(path: string, locales: readonly string[]) {
  const match = /^insights\/([a-z]{2})\/([a-z0-9-]+)\.md$/.exec(path);
  if (!match || !locales.includes(match[1] as string)) return undefined;
  return { code: match[1] as string, slug: match[2] as string };
}

/** The English side of `insights/<code>/<slug>.md`; `diagnostics` are that file's (its stale warnings). */
export function articleSource(
  dataDir: string,
  result: ContentResult,
  code: string,
  slug: string,
  diagnostics: readonly Diagnostic[],
  exists: boolean,
): ArticleSource | undefined {
  const original = result.articles.find((a) => a.slug === slug);
  const english = original && englishOf(dataDir, original);
  if (!english) return undefined;
  const lock = result.translations.find((l) => l.code === code)?.articlesLock ?? {};
  const fields = ARTICLE_FIELDS.map((field): ArticleSourceField => {
    const entry = lock[`${slug}.${field}`];
    const stale = diagnostics.some((d) => d.stale && d.path === field);
    if (!exists) return { field, english: english[field], state: "missing" };
    if (!stale) return { field, english: english[field], state: "current" };
    return entry
      ? { field, english: english[field], state: "stale", was: entry.en }
      : { field, english: english[field], state: "unrecorded" };
  });
  return { path: `insights/${slug}.md`, fields };
}
