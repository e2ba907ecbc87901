/** The figures of stats.yaml. */
import { ARR_RANGE_HINT, parseArrRange } from "../arr-range.ts";
import { type RuleIssue, rule } from "./types.ts";

/** The firm's target ARR range, when stats.yaml states one that parses. */
function targetRange(stats: { stats: Record<string, { value: string }> }) {
  const target = stats.stats.targetArr;
  const range = target ? parseArrRange(target.value) : null;
  return target && range && range.low < range.high ? { text: target.value, ...range } : undefined;
}

export const targetArrIsRange = rule("targetArrIsRange", ["stats"], ({ stats }): RuleIssue[] => {
  const target = stats.stats.targetArr;
  if (!target) {
    return [
      {
        key: "stats",
        path: ["stats"],
        severity: "error",
        message: "missing the figure `targetArr`, the ARR range the firm serves",
        hint: 'add `targetArr: { value: "1M-50M", label: … }`',
      },
    ];
  }
  if (targetRange(stats)) return [];
  return [
    {
      key: "stats",
      path: ["stats", "targetArr", "value"],
      severity: "error",
      message: `expected a range like "1M-50M", got "${target.value}"`,
      hint: ARR_RANGE_HINT,
    },
  ];
});

export const consultantArrWithinTarget = rule(
  "consultantArrWithinTarget",
  ["stats", "consultants"],
  ({ stats, consultants }) => {
    const target = targetRange(stats);
    if (!target) return []; // targetArrIsRange reports it
    return consultants.consultants.flatMap((consultant, index): RuleIssue[] => {
      const range = parseArrRange(consultant.arrRange);
      if (!range || (range.low >= target.low && range.high <= target.high)) return [];
      return [
        {
          key: "consultants",
          path: ["consultants", index, "arrRange"],
          severity: "error",
          message: `"${consultant.arrRange}" lies outside the firm's target range ${target.text}`,
          hint: `keep both ends within ${target.text} (stats.yaml, targetArr)`,
        },
      ];
    });
  },
);

// The figures pages show by id (home, approach) are checked by their `refersTo` (./references.ts).
export const STATS_RULES = [targetArrIsRange, consultantArrWithinTarget] as const;
