/** Uniqueness of ids, names and option values within a list. */
import type { DataKey } from "../index.ts";
import { formatPath } from "../suggest.ts";
import { type PathSegment, type RuleIssue, rule } from "./types.ts";

/** An issue for every item whose identity an earlier item already has. */
export function duplicates<T>(
  key: DataKey,
  items: readonly T[],
  identity: (item: T) => string,
  field: PathSegment[],
  what: string,
  base: PathSegment[],
): RuleIssue[] {
  const seen = new Map<string, number>();
  const issues: RuleIssue[] = [];
  items.forEach((item, index) => {
    const id = identity(item);
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, index);
      return;
    }
    issues.push({
      key,
      path: [...base, index, ...field],
      severity: "error",
      message: `duplicate ${what} "${id}": already used by ${formatPath([...base, first])}`,
      hint: `each ${what} must be unique; remove the duplicate or change one of them`,
    });
  });
  return issues;
}

export const consultantSlugsUnique = rule("consultantSlugsUnique", ["consultants"], ({ consultants }) =>
  duplicates("consultants", consultants.consultants, (c) => c.slug, ["slug"], "slug", ["consultants"]),
);

export const phaseSlugsUnique = rule("phaseSlugsUnique", ["approach"], ({ approach }) =>
  duplicates("approach", approach.phases, (p) => p.slug, ["slug"], "phase slug", ["phases"]),
);

export const clientNamesUnique = rule("clientNamesUnique", ["clients"], ({ clients }) =>
  duplicates("clients", clients.clients, (c) => c.name.trim().toLowerCase(), ["name"], "client name (ignoring case)", [
    "clients",
  ]),
);

export const optionValuesUnique = rule("optionValuesUnique", ["formOptions"], ({ formOptions }) =>
  (["role", "arr", "industry", "timeline"] as const).flatMap((select) =>
    duplicates("formOptions", formOptions[select], (o) => o.value, ["value"], "option value", [select]),
  ),
);

export const pagePathsUnique = rule("pagePathsUnique", ["site"], ({ site }) =>
  duplicates("site", site.pages, (p) => p.path, ["path"], "route", ["pages"]),
);

export const ID_RULES = [
  consultantSlugsUnique,
  phaseSlugsUnique,
  clientNamesUnique,
  optionValuesUnique,
  pagePathsUnique,
] as const;
