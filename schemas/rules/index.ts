/**
 * The cross-file rules, one table. Each rule is a small named pure function
 * in the module of its concern; `validate` runs every rule whose files are
 * valid (content/validate.ts). Add a rule: write it in its module, list it in
 * that module's table; it runs from here.
 */
import { DELIVERY_RULES } from "./delivery.ts";
import { ID_RULES } from "./ids.ts";
import { LEGAL_RULES } from "./legal.ts";
import { LINK_RULES } from "./links.ts";
import { LOCALE_RULES } from "./locales.ts";
import { OPTION_RULES } from "./options.ts";
import { PHRASE_RULES } from "./phrase-markers.ts";
import { REFERENCE_RULES } from "./references.ts";
import { ROUTE_RULES } from "./routes.ts";
import { STATS_RULES } from "./stats.ts";
import { TOKEN_RULES } from "./tokens.ts";
import { COVERAGE_RULES } from "./translation-coverage.ts";
import { FIDELITY_RULES } from "./translation-fidelity.ts";
import { STALENESS_RULES } from "./translation-staleness.ts";
import type { Rule, RuleIssue, ValidData } from "./types.ts";

export type { PathSegment, Rule, RuleIssue, ValidData } from "./types.ts";

export const RULES: readonly Rule[] = [
  ...LOCALE_RULES,
  ...ID_RULES,
  ...REFERENCE_RULES,
  ...OPTION_RULES,
  ...STATS_RULES,
  ...ROUTE_RULES,
  ...LEGAL_RULES,
  ...LINK_RULES,
  ...TOKEN_RULES,
  ...DELIVERY_RULES,
  // The translations (docs/i18n.md): complete, faithful, phrases marked, current.
  ...COVERAGE_RULES,
  ...FIDELITY_RULES,
  ...PHRASE_RULES,
  ...STALENESS_RULES,
];

/** Runs every rule of `rules` whose files are all valid. */
export function runRules(data: ValidData, rules: readonly Rule[] = RULES): RuleIssue[] {
  return rules.flatMap((r) =>
    r.needs.every((key) => data[key] !== undefined) ? r.check(data as Parameters<Rule["check"]>[0]) : [],
  );
}
