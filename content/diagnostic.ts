import { DATA_FILES } from "../schemas/index.ts";

/** One problem found in the data, located in its file. Lines and columns are 1-based. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: "error" | "warning";
  /** Where in the data, like `consultants[2].arrRange`; empty for the whole file. */
  path: string;
  message: string;
  hint?: string;
  /** A stale translation (a warning; an error with `validate --strict`). Not printed. */
  stale?: boolean;
  /** A translation not written yet, a text or the whole file (so a tool need not read the message). Not printed. */
  missing?: boolean;
}

/** A problem with how the CLI was called or with the file system, not with the data (exit 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

export function countBySeverity(diagnostics: readonly Diagnostic[]) {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === "error") errors++;
    else warnings++;
  }
  return { errors, warnings };
}

const fileOrder = new Map<string, number>(DATA_FILES.map((entry, index) => [entry.file, index]));

/**
 * Data files in their fixed order (a translation and its lock file beside
 * their English file, the lock first: its own error explains the others),
 * then other files by name; within a file by position.
 */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const rank = (d: Diagnostic) =>
    fileOrder.get((d.file.split("/").at(-1) ?? "").replace(/\.lock\.yaml$/, ".yaml")) ?? DATA_FILES.length;
  return (
    rank(a) - rank(b) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column
  );
}
