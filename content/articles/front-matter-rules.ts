import { type ArticleFrontMatter, ArticleFrontMatterSchema, TAGS_MAX } from "../../schemas/insights.ts";
import { choicesIn, danglingReferences, referenceFields } from "../../schemas/references.ts";
import { formatPath } from "../../schemas/suggest.ts";
import { cardTextProblem } from "../card-text.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { diagnosticAt, locate, type SourceFile, spanOf } from "../source.ts";

export interface FrontMatterContext {
  /**
   * What each reference of the front matter may name, by its `refersTo`'s
   * file and place (`consultants.yaml consultants`: the consultants' slugs),
   * from referencesIn(); a reference whose file has errors of its own is
   * absent, and not checked. Plain data, for the worker threads.
   */
  references?: Readonly<Record<string, readonly string[]>>;
}

/** Where a reference points, as FrontMatterContext's `references` keys it. */
const placeOf = (reference: { file: string; at: string }) => `${reference.file} ${reference.at}`;

/**
 * What every reference of the front matter may name, from the data files that
 * passed their schema (`files`: by file name): the same `refersTo` that gives
 * the editor its pickers, so a new reference field is checked with no code here.
 */
export function referencesIn(files: (file: string) => unknown): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const field of referenceFields(ArticleFrontMatterSchema)) {
    const value = files(field.reference.file);
    if (value !== undefined) out[placeOf(field.reference)] = choicesIn(field.reference, value).map((c) => c.value);
  }
  return out;
}

/** What the schema cannot say: real calendar days, the author, the tags (lengths are the schema's, schemas/text.ts). */
export function checkFrontMatter(
  source: SourceFile,
  value: ArticleFrontMatter,
  context: FrontMatterContext,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const at = (path: Array<string | number>, message: string, hint: string) => {
    const node = source.doc ? locate(source.doc, path)?.node : undefined;
    const span = node ? spanOf(node, source.text, true) : { start: 0, end: 3 };
    diagnostics.push(diagnosticAt(source, span, "error", formatPath(path), message, hint));
  };

  for (const field of ["date", "updated"] as const) {
    const day = value[field];
    if (day !== undefined && !isCalendarDay(day)) {
      at([field], `${day} is not a day of the calendar`, impossibleDayHint(day));
    }
  }
  if (value.updated !== undefined && isCalendarDay(value.date) && isCalendarDay(value.updated)) {
    if (value.updated < value.date) {
      at(
        ["updated"],
        `updated ${value.updated} is before date ${value.date}`,
        "`updated` is the day of the last change: the publication day or later; remove it if the article has not changed",
      );
    }
  }

  // The author and the tags name what exists: checked by their `refersTo`, as the editor's pickers offer them.
  for (const field of referenceFields(ArticleFrontMatterSchema)) {
    const exists = context.references?.[placeOf(field.reference)];
    if (!exists) continue; // that file has errors of its own
    const choices = exists.map((slug) => ({ value: slug, label: slug }));
    for (const problem of danglingReferences(field, value, choices)) at(problem.path, problem.message, problem.hint);
  }

  const unset = cardTextProblem(value.title);
  if (unset) at(["title"], unset.message, unset.hint);

  if (value.image !== undefined && value.imageAlt === undefined) {
    at(
      ["image"],
      "a cover image without alt text",
      "add `imageAlt:` with what the image shows, like `imageAlt: Pipeline by stage, one bar per quarter`",
    );
  }
  if (value.imageAlt !== undefined && value.image === undefined) {
    at(
      ["imageAlt"],
      "alt text without a cover image",
      "add `image: /images/insights/<file>.png`, or remove `imageAlt:`",
    );
  }

  if (value.tags.length > TAGS_MAX) {
    at(["tags"], `${value.tags.length} tags, at most ${TAGS_MAX}`, "keep the one to three tags that fit best");
  }
  const seen = new Set<string>();
  value.tags.forEach((tag, index) => {
    if (seen.has(tag)) {
      at(["tags", index], `the tag "${tag}" is listed twice`, "remove the second one");
      return;
    }
    seen.add(tag);
  });
  return diagnostics;
}

export function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  if (month < 1 || month > 12 || date < 1) return false;
  return date <= daysIn(year, month);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function impossibleDayHint(day: string): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  if (month < 1 || month > 12) return "write the date as YYYY-MM-DD: the month comes second, 01 to 12";
  return `${MONTHS[month - 1]} ${year} has ${daysIn(year, month)} days`;
}
