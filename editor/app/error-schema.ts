// Where a diagnostic shows in a form: its data path (`consultants[2].arrRange`)
// turned into rjsf's error tree and its field id (`root_consultants_2_arrRange`).
import type { ErrorSchema } from "@rjsf/utils";
// The CLI's own diagnostic, as a type only: nothing of cli/ reaches the browser bundle.
import type { Diagnostic } from "../../content/index.ts";

export { formatPath } from "../../schemas/suggest.ts";
export type { Diagnostic };

/** `consultants[2].arrRange` → ["consultants", 2, "arrRange"]. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

/** rjsf's id of the field at `path` (its default idPrefix and separator). */
export function fieldId(path: string): string {
  return ["root", ...splitPath(path)].join("_");
}

export function located(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}`;
}

/** The text shown under a field: where, what, and the hint. */
export function fieldMessage(d: Diagnostic): string {
  return `${located(d)} ${d.severity}: ${d.message}${d.hint ? ` (hint: ${d.hint})` : ""}`;
}

/** The diagnostics of one file as rjsf's extraErrors; those with no field stay for the list only. */
export function errorSchemaOf(diagnostics: readonly Diagnostic[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const d of diagnostics) {
    const path = splitPath(d.path);
    if (path.length === 0) continue;
    let at = root;
    for (const segment of path) {
      const key = String(segment);
      at[key] ??= {};
      at = at[key] as Record<string, unknown>;
    }
    at.__errors = [...((at.__errors as string[] | undefined) ?? []), fieldMessage(d)];
  }
  return root as ErrorSchema;
}
