import { type Document, visit } from "yaml";
import { type CharRules, charProblems } from "../schemas/characters.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { diagnosticAt, type SourceFile } from "./source.ts";

/** Refused characters listed one by one per file; the rest are counted on the last. */
const LIMIT = 3;

/**
 * Refused characters (schemas/characters.ts) written in a file outside the
 * values its schema checks (comments, keys; everything while the YAML does
 * not parse, or in a Markdown body), from `from` to `to`: each at its
 * position, the first few of them.
 */
export function rawCharacterProblems(
  source: SourceFile,
  rules: CharRules,
  from = 0,
  to = source.text.length,
  limit = LIMIT,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let values: Array<[number, number]> | undefined;
  let more = 0;
  for (const problem of charProblems(source.text, rules, from)) {
    if (problem.index >= to) break;
    values ??= source.doc && source.doc.errors.length === 0 ? valueRanges(source.doc) : [];
    if (values.some(([start, end]) => problem.index >= start && problem.index < end)) continue;
    if (diagnostics.length >= limit) {
      more++;
      continue;
    }
    const where = source.lines.linePos(problem.index);
    diagnostics.push(
      diagnosticAt(
        source,
        { start: problem.index, end: problem.index + (problem.codePoint > 0xffff ? 2 : 1) },
        "error",
        "",
        `${problem.label} at ${where.line}:${where.col}: ${problem.fix}`,
        problem.why,
      ),
    );
  }
  const last = diagnostics.at(-1);
  if (last && more > 0) last.message += ` (${more} more like it further down)`;
  return diagnostics;
}

/** The ranges of the scalar values (not keys) of a document: what the schema checks itself. */
function valueRanges(doc: Document.Parsed): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  visit(doc, {
    Scalar(key, node) {
      if (key !== "key" && node.range && typeof node.value === "string") ranges.push([node.range[0], node.range[1]]);
    },
  });
  return ranges;
}
