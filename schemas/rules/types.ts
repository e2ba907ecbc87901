/**
 * What a cross-file rule is and what it returns. Rules are pure: they read
 * validated data and return issues with a path into a file; the CLI turns
 * paths into line:col (content/validate.ts).
 */
import type { DataKey, DataSet } from "../index.ts";
import type { PathSegment } from "../suggest.ts";
import type { LocaleTranslations } from "../translation-files.ts";

export type { PathSegment } from "../suggest.ts";

export interface RuleIssue {
  key: DataKey;
  path: PathSegment[];
  severity: "error" | "warning";
  message: string;
  hint?: string;
  /** Text inside the value that the issue is about, to point at it exactly. */
  needle?: string;
  /**
   * Where in the text (the value as read) the issue is, as an index: the CLI
   * points at that character where it is written, through YAML escapes and
   * block scalars; `needle`, when written there, gives the span's length.
   */
  index?: number;
  /** A link into /insights: checked once the articles are read (content/articles), not here. */
  deferredHref?: string;
  /** The issue is in the translation of `key` into this language (data/<locale>/<file>), at `path` there. */
  locale?: string;
  /** The English text the issue is about: its file:line:col replaces `{source}` in message and hint. */
  cite?: PathSegment[];
  /**
   * Where to point when `path` is not all there: "parent", the key under which
   * the missing value belongs; "key", the key of the entry itself (not its value).
   */
  at?: "parent" | "key";
  /** A stale translation: a warning that `validate --strict` makes an error. */
  stale?: boolean;
  /** A translation not written yet: a text, or the whole file. */
  missing?: boolean;
}

/** The files that passed their own schema; a file with errors is absent. With the other languages' translations. */
export type ValidData = { [K in DataKey]?: DataSet[K] } & { translations?: readonly LocaleTranslations[] };

/**
 * One named rule: the files it reads and the check. The validator runs it
 * only when every file in `needs` is valid (a file with errors of its own
 * would only cause a cascade); files it merely consults, it reads from
 * `data` itself and copes with their absence.
 */
export interface Rule<K extends DataKey = DataKey> {
  name: string;
  needs: readonly K[];
  check: (data: Pick<DataSet, K> & ValidData) => RuleIssue[];
}

/** Declares a rule; `check` sees the files of `needs` as present. */
export function rule<K extends DataKey>(
  name: string,
  needs: readonly K[],
  check: (data: Pick<DataSet, K> & ValidData) => RuleIssue[],
): Rule {
  return { name, needs, check } as unknown as Rule;
}

/** Every text of a value with its path: strings in lists and mappings, depth first. */
export function walkTexts(
  value: unknown,
  visit: (text: string, path: PathSegment[]) => void,
  path: PathSegment[] = [],
): void {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walkTexts(item, visit, [...path, index]);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walkTexts(v, visit, [...path, k]);
  }
}
