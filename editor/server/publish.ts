// Publishing a draft: its front matter without `draft: true` (as validate's
// own hint says: "publish it (remove `draft: true` …)"), and an English
// article's `date` made the day it is published, which is what the schema
// says `date` is (schemas/insights.ts). Every other line stays as written.
import { preserveYaml, readYaml, splitFrontMatter, UnreadableYaml } from "./preserve.ts";

/** English articles and their translations: `insights/<slug>.md`, `insights/<code>/<slug>.md`. */
export const ARTICLE_PATH = /^insights\/(?:([a-z]{2})\/)?[a-z0-9-]+\.md$/;

export type Published = { text: string; date?: string } | { notDraft: true };

/**
 * The text of the article `path` published on `today` (YYYY-MM-DD), or
 * `notDraft` when its front matter has no `draft: true`. An English
 * article's `date` becomes `today` unless it is later (a date set ahead on
 * purpose is kept); a translation has no date of its own.
 */
export function publishedText(path: string, text: string, today: string): Published {
  const parts = splitFrontMatter(text);
  if (!parts) throw new UnreadableYaml("the article has no front matter (--- … ---)");
  const value = readYaml(parts.frontMatter).value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UnreadableYaml("the article's front matter is not a list of `key: value` lines");
  }
  const front = value as Record<string, unknown>;
  if (front.draft !== true) return { notDraft: true };
  const { draft: _draft, ...rest } = front;
  const english = ARTICLE_PATH.exec(path)?.[1] === undefined;
  const dated = english && !(typeof front.date === "string" && front.date > today);
  const after = dated ? { ...rest, date: today } : rest;
  const frontMatter = preserveYaml(parts.frontMatter, after).text;
  const opening = "---\n";
  return {
    text: `${opening}${frontMatter}${text.slice(opening.length + parts.frontMatter.length)}`,
    ...(dated ? { date: today } : {}),
  };
}
