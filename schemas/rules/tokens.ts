/**
 * Every {firm.x}, {stats.x} and {retention.x} token in a text names a real
 * value, and every other brace is written as a brace is (`{{`, `}}`): in the
 * English files and in their translations.
 */
import { DATA_FILES, type DataKey } from "../index.ts";
import { suggestion } from "../suggest.ts";
import { braceProblems, FIRM_TOKENS, findTokens, tokenNames } from "../templates.ts";
import { textMetaAt } from "../text.ts";
import { translatedTexts } from "./translation-texts.ts";
import { type PathSegment, type RuleIssue, rule, walkTexts } from "./types.ts";

const TOKEN_SCOPES = {
  firm: { what: "firm field", list: "firm fields" },
  stats: { what: "figure", list: "figures in stats.yaml" },
  retention: { what: "retention period", list: "retention periods in legal.yaml" },
} as const;

/** The unknown tokens of one text; `retention` is undefined while legal.yaml has errors (then not checked). */
export function checkTokens(
  key: DataKey,
  path: PathSegment[],
  text: string,
  stats: Record<string, unknown>,
  retention: Record<string, unknown> | undefined,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const use of findTokens(text)) {
    if (use.scope === "retention" && !retention) continue;
    const known =
      use.scope === "firm" ? [...FIRM_TOKENS] : Object.keys(use.scope === "stats" ? stats : (retention ?? {}));
    if (known.includes(use.key)) continue;
    const scope = TOKEN_SCOPES[use.scope];
    issues.push({
      key,
      path,
      severity: "error",
      message: `unknown ${scope.what} in ${use.token}`,
      hint: suggestion(use.key, known, scope.list, `{${use.scope}.`, "}"),
      needle: use.token,
      index: use.index,
    });
  }
  return issues;
}

export const tokensKnown = rule("tokensKnown", ["stats", "site"], (data) => {
  const issues: RuleIssue[] = [];
  for (const { key } of DATA_FILES) {
    walkTexts(data[key], (text, path) => {
      issues.push(...checkTokens(key, path, text, data.stats.stats, data.legal?.retention));
    });
  }
  return issues;
});

/** The brace problems of one text at `path` of `key` (its placeholders from the schema), in a language or English. */
function braceIssues(
  names: readonly string[],
  key: DataKey,
  path: PathSegment[],
  text: string,
  locale?: string,
): RuleIssue[] {
  if (!text.includes("{") && !text.includes("}")) return [];
  const schema = DATA_FILES.find((entry) => entry.key === key)?.schema;
  const placeholders = schema ? (textMetaAt(schema, path)?.placeholders ?? []) : [];
  return braceProblems(text, names, placeholders).map((problem) => ({
    key,
    path,
    ...(locale ? { locale } : {}),
    severity: "error" as const,
    message: problem.message,
    hint: problem.hint,
    needle: problem.written,
    index: problem.index,
  }));
}

/**
 * No brace that is not a token: a `{` never closed (`{stats.targetArr ARR`),
 * a `}` without its `{`, a `{name}` that is not a token would reach the page
 * as written. Checked in every file that is valid, whatever else is.
 */
export const tokensWellFormed = rule("tokensWellFormed", [], (data) => {
  const names = tokenNames({ stats: data.stats?.stats, retention: data.legal?.retention });
  const issues: RuleIssue[] = [];
  for (const { key } of DATA_FILES) {
    walkTexts(data[key], (text, path) => {
      issues.push(...braceIssues(names, key, path, text));
    });
  }
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    issues.push(...braceIssues(names, entry.key, source.path, translated, locale.code));
  }
  return issues;
});

export const TOKEN_RULES = [tokensKnown, tokensWellFormed] as const;
