// The `{tokens}` a text may use, from the data as it is: the firm fields,
// every figure of stats.yaml and every retention period of legal.yaml, each
// with the value `generate` puts in its place (the CLI's own token context).
import { tokenContext } from "../../content/index.ts";
import type { DataSet } from "../../schemas/index.ts";
import { FIRM_TOKENS, resolveTokens } from "../../schemas/templates.ts";

export interface TokenChoice {
  /** `{stats.targetArr}` */
  token: string;
  /** What it says on the site, `€5M–€50M`. */
  value: string;
}

/** Every token that exists; none while site.yaml, stats.yaml or legal.yaml has errors (validate then says why). */
export function tokenChoices(data: Partial<DataSet>): TokenChoice[] {
  const context = tokenContext(data);
  if (!context) return [];
  const tokens = [
    ...FIRM_TOKENS.map((key) => `{firm.${key}}`),
    ...Object.keys(context.stats).map((key) => `{stats.${key}}`),
    ...Object.keys(context.retention).map((key) => `{retention.${key}}`),
  ];
  return tokens.map((token) => ({ token, value: resolveTokens(token, context) }));
}
