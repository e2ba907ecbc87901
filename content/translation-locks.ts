/**
 * Lock files (docs/i18n.md): what each translation was made from. Written
 * only by `npm run translations -- accept`; read by validate (stale
 * warnings) and the report. The data files' locks are data/<code>/<name>.lock.yaml,
 * the articles' one is data/<code>/articles.lock.yaml (`<slug>.title`,
 * `<slug>.description`, `<slug>.body`).
 */
import { join } from "node:path";
import { stringify } from "yaml";
import { sourceHash } from "../schemas/hash.ts";
import { ARTICLES_LOCK, type Lock } from "../schemas/translation-files.ts";
import { publishedArticles } from "./articles/module.ts";
import { ARTICLE_FIELDS, englishOf } from "./articles/staleness.ts";
import { UsageError } from "./diagnostic.ts";
import type { ContentResult } from "./results.ts";
import { writeIfChanged } from "./write.ts";

/** A lock file's text: its do-not-edit header and the entries. */
export function lockText(of: string, lock: Lock): string {
  const header = `# What each text of ${of} was translated from: the hash of the English text and the text.\n# Written by \`npm run translations -- accept\` after review; do not edit by hand.\n`;
  const body = Object.keys(lock).length ? stringify(lock, { lineWidth: 0 }) : "{}\n";
  return header + body;
}

/** Writes a lock file with its do-not-edit header (only when its content changed). */
export async function writeLock(path: string, of: string, lock: Lock): Promise<boolean> {
  return writeIfChanged(path, lockText(of, lock));
}

/** Accepts the translated articles of a language (all, or these slugs): records their originals in the lock. */
export async function articleLockEntries(
  dataDir: string,
  result: ContentResult,
  code: string,
  slugs?: readonly string[],
): Promise<{ path: string; count: number }> {
  const translated = result.translatedArticles.find((t) => t.code === code)?.articles ?? [];
  const locale = result.translations.find((l) => l.code === code);
  const lock: Lock = { ...(locale?.articlesLock ?? {}) };
  let count = 0;
  for (const slug of slugs ?? translated.map((a) => a.slug)) {
    const article = translated.find((a) => a.slug === slug);
    const original = result.articles.find((a) => a.slug === slug);
    const english = original && englishOf(dataDir, original);
    if (!article?.translation || !english) {
      throw new UsageError(
        `no translated article ${slug} in data/insights/${code}/ whose original is valid: run npm run validate and fix what it says of data/insights/${code}/${slug}.md`,
      );
    }
    for (const field of ARTICLE_FIELDS)
      lock[`${slug}.${field}`] = { hash: sourceHash(english[field]), en: english[field] };
    count++;
  }
  const sorted = Object.fromEntries(Object.entries(lock).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const path = join(dataDir, code, ARTICLES_LOCK);
  await writeLock(path, `data/insights/${code}/*.md`, sorted);
  return { path, count };
}

/** The report's rows for a language's articles: one per translation (title, description, body), current or stale. */
export function articlesStatus(result: ContentResult, code: string) {
  const translated = result.translatedArticles.find((t) => t.code === code)?.articles ?? [];
  const stale = new Map<string, number>();
  for (const d of result.diagnostics) {
    if (!d.stale || !d.file.includes(`/insights/${code}/`)) continue;
    stale.set(d.file, (stale.get(d.file) ?? 0) + 1);
  }
  const rows = translated.map((article) => {
    const count = stale.get(article.file) ?? 0;
    return { file: article.file, texts: 3, translated: 3 - count, stale: count, missing: 0 };
  });
  const done = new Set(translated.map((a) => a.slug));
  const untranslated = publishedArticles(result.articles)
    .map((a) => a.slug)
    .filter((slug) => !done.has(slug));
  return { rows, untranslated };
}
