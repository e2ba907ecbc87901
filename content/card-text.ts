// What `validate` accepts, the build builds (issue 30, item 4): a text that a
// page's social card shows must be one the card fonts can set, or the build
// would stop at the card. The fonts and their character sets are the build's
// own (site/cards/fonts.ts, React-free), so the two cannot disagree.
import type { DataKey } from "../schemas/index.ts";
import type { PathSegment, RuleIssue, ValidData } from "../schemas/rules/types.ts";
import { unsetCharacters } from "../site/cards/fonts.ts";

/**
 * The data texts a social card shows (site/cards/card-spec.ts: a page's title
 * and description, an article's eyebrow, byline and facts, the firm's name),
 * as paths; "*" is every entry of a list. The same paths in each translation.
 */
const CARD_TEXTS: Partial<Record<DataKey, string[][]>> = {
  site: [
    ["firm", "name"],
    ["pages", "*", "title"],
    ["pages", "*", "description"],
    ["notFound", "title"],
    ["notFound", "text"],
    ["unexpectedError", "title"],
    ["unexpectedError", "heading"],
  ],
  insights: [
    ["list", "title"],
    ["list", "description"],
    ["list", "eyebrow"],
    ["tagPage", "title"],
    ["pagination", "page"],
    ["labels", "minRead"],
    ["tags", "*", "label"],
    ["tags", "*", "description"],
  ],
  consultants: [
    ["consultants", "*", "name"],
    ["consultants", "*", "role"],
  ],
};

export interface CardTextProblem {
  /** The first character no card font has, to point at. */
  needle: string;
  message: string;
  hint: string;
}

const label = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Why `text` cannot be on a social card, or undefined when every character of it can be set. */
export function cardTextProblem(text: string): CardTextProblem | undefined {
  const unset = unsetCharacters(text);
  const [first] = unset;
  if (first === undefined) return undefined;
  const shown = unset.slice(0, 5);
  const more = unset.length > shown.length ? ` and ${unset.length - shown.length} more` : "";
  return {
    needle: first,
    message: `the social card cannot set ${shown.map((char) => `"${char}" (${label(char)})`).join(", ")}${more}: no card font has ${unset.length === 1 ? "it" : "them"}`,
    hint: "this text is drawn on the page's social card, whose fonts set Latin, Cyrillic, Greek and Arabic letters, arrows and math signs, and emoji (site/cards/fonts.ts): write it with those, or add a font for its script there",
  };
}

/** The card texts of the valid data files and of their translations that the card fonts cannot set. */
export function cardTextIssues(data: ValidData): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const check = (key: DataKey, value: unknown, locale: string | undefined) => {
    for (const pattern of CARD_TEXTS[key] ?? [])
      for (const { path, text } of textsAt(value, pattern, [])) {
        const problem = cardTextProblem(text);
        if (problem) issues.push({ key, path, severity: "error", ...problem, ...(locale ? { locale } : {}) });
      }
  };
  for (const key of Object.keys(CARD_TEXTS) as DataKey[]) {
    check(key, data[key], undefined);
    for (const translation of data.translations ?? []) check(key, translation.files[key], translation.code);
  }
  return issues;
}

/** The strings at `pattern` in `value`, with their paths. */
function textsAt(value: unknown, pattern: string[], path: PathSegment[]): { path: PathSegment[]; text: string }[] {
  const [head, ...rest] = pattern;
  if (head === undefined) return typeof value === "string" ? [{ path, text: value }] : [];
  if (head === "*")
    return Array.isArray(value) ? value.flatMap((entry, index) => textsAt(entry, rest, [...path, index])) : [];
  if (typeof value !== "object" || value === null) return [];
  return textsAt((value as Record<string, unknown>)[head], rest, [...path, head]);
}
