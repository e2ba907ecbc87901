/** Every {firm.x}, {stats.x} and {retention.x} token in a text names a real value. */
import { DATA_FILES, type DataKey } from "../index.ts";
import { suggestion } from "../suggest.ts";
import { FIRM_TOKENS, findTokens } from "../templates.ts";
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

export const TOKEN_RULES = [tokensKnown] as const;
