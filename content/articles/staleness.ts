/**
 * Whether a translated article is current: its original's title, description
 * and body against what the lock file (data/<code>/articles.lock.yaml)
 * recorded when the translation was accepted.
 */
import { join } from "node:path";
import { sourceHash } from "../../schemas/hash.ts";
import { acceptCommand, unreadLockHint, unreadLockMessage } from "../../schemas/rules/translation-staleness.ts";
import { sideBySide } from "../../schemas/rules/translation-texts.ts";
import type { Lock } from "../../schemas/translation-files.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { readTextFileSync } from "../read-text.ts";
import type { Article } from "../results.ts";
import { articleBody } from "./article-file.ts";

export const ARTICLE_FIELDS = ["title", "description", "body"] as const;
type ArticleField = (typeof ARTICLE_FIELDS)[number];

/** The English side of an article as its lock records it: title, description, body. */
export function englishOf(dataDir: string, original: Article): Record<ArticleField, string> | undefined {
  const fm = original.frontMatter;
  if (!fm) return undefined;
  const text = readTextFileSync(join(dataDir, "insights", `${original.slug}.md`), "article").text ?? "";
  const fence = /^---[ \t]*\r?\n[\s\S]*?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return { title: fm.title, description: fm.description, body: articleBody(text, fence ? fence[0].length : 0) };
}

/** Stale warnings of one translated article against its original and the lock. */
export function articleStaleness(
  dataDir: string,
  article: Article,
  original: Article,
  code: string,
  lock: Lock | undefined,
): Diagnostic[] {
  const fm = original.frontMatter;
  if (!fm || !article.translation) return [];
  const diagnostics: Diagnostic[] = [];
  const current: Record<ArticleField, string> = { title: fm.title, description: fm.description, body: "" };
  const hashes: Record<ArticleField, string> = {
    title: sourceHash(fm.title),
    description: sourceHash(fm.description),
    body: original.bodyHash ?? "",
  };
  const source = `data/insights/${original.slug}.md`;
  for (const field of ARTICLE_FIELDS) {
    const at = article.fieldsAt?.[field] ?? { file: article.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
    const entry = lock?.[`${article.slug}.${field}`];
    const accept = acceptCommand(code, `insights/${article.slug}`);
    const base = { ...at, severity: "warning" as const, path: field, stale: true };
    if (!entry) {
      diagnostics.push({
        ...base,
        message: `no record of the English ${field} this translates (${source})`,
        hint: `once the translation is reviewed: ${accept}`,
      });
      continue;
    }
    if (entry.hash === hashes[field]) continue;
    let was = entry.en;
    let now = current[field];
    if (field === "body") {
      now = englishOf(dataDir, original)?.body ?? "";
      const before = was.split("\n");
      const after = now.split("\n");
      let line = 0;
      while (line < Math.max(before.length, after.length) && before[line] === after[line]) line++;
      was = before[line] ?? "";
      now = after[line] ?? "";
      diagnostics.push({
        ...base,
        message: `the English body changed since this was translated (${source}, line ${line + 1} of its body)`,
        hint: `English was ${sideBySide(was, now).join(", now ")}; update the translation, then: ${accept}`,
      });
      continue;
    }
    diagnostics.push({
      ...base,
      message: `the English ${field} changed since this was translated (${source})`,
      hint: `English was ${sideBySide(was, now).join(", now ")}; update the translation, then: ${accept}`,
    });
  }
  return diagnostics;
}

/**
 * One warning for the texts of a lock file that could not be read (its own
 * error is reported at its line, and sorts before this), at the top of the
 * first translated article left unchecked.
 */
export function unreadLockDiagnostic(lockFile: string, article: string, texts: number): Diagnostic {
  return {
    file: article,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    severity: "warning",
    path: "",
    message: unreadLockMessage(lockFile, texts),
    hint: unreadLockHint(lockFile),
    stale: true,
  };
}
