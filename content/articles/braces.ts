import type { Token } from "markdown-it";
import { isScalar, visit } from "yaml";
import { braceProblems } from "../../schemas/templates.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { diagnosticAt, type Span } from "../source.ts";
import { textSpanInScalar } from "../value-position.ts";
import type { SplitArticle } from "./front-matter.ts";
import { codeSpans } from "./phrases.ts";

/**
 * The braces of an article that are not tokens (schemas/templates.ts): in the
 * front matter's values, once it is valid, and in the body outside code. Code
 * (fenced, indented or inline) is shown as written, braces and all: `{ "a": 1 }`
 * needs no escape there, and a `{{` there stays two braces.
 */
export function braceDiagnostics(
  split: SplitArticle,
  tokens: readonly Token[],
  names: readonly string[],
): Diagnostic[] {
  const { source, bodyStart, bodyLine } = split;
  const text = source.text;
  const diagnostics: Diagnostic[] = [];
  const report = (span: Span, message: string, hint: string) =>
    diagnostics.push(diagnosticAt(source, span, "error", "", message, hint));

  if (split.value || split.translation) {
    if (source.doc) {
      visit(source.doc, {
        Scalar(key, node) {
          if (key === "key" || typeof node.value !== "string" || !isScalar(node)) return;
          for (const problem of braceProblems(node.value, names)) {
            const span = textSpanInScalar(node, text, problem.index, problem.written);
            if (span) report(span, problem.message, problem.hint);
          }
        },
      });
    } else {
      // The plain front matter of the fast path (simple-front-matter.ts): each value is written as it reads.
      for (const problem of braceProblems(text.slice(0, bodyStart), names))
        report({ start: problem.index, end: problem.index + problem.written.length }, problem.message, problem.hint);
    }
  }

  const body = text.slice(bodyStart);
  if (!body.includes("{") && !body.includes("}")) return diagnostics;
  // The code as spaces (line breaks kept): every other character keeps its offset.
  const code = codeSpans(source, bodyLine, tokens)
    .map(({ start, end }) => [Math.max(0, start - bodyStart), Math.max(0, end - bodyStart)] as const)
    .sort((a, b) => a[0] - b[0]);
  let prose = "";
  let at = 0;
  for (const [start, end] of code) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    prose += body.slice(at, from) + body.slice(from, end).replace(/[^\n]/g, " ");
    at = end;
  }
  prose += body.slice(at);
  for (const problem of braceProblems(prose, names)) {
    const start = bodyStart + problem.index;
    report({ start, end: start + problem.written.length }, problem.message, problem.hint);
  }
  return diagnostics;
}
