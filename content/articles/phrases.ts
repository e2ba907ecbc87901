import type { Token } from "markdown-it";
import { markerProblems, unmarkedForeignWords } from "../../schemas/rules/phrase-markers.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { diagnosticAt, type SourceFile, type Span } from "../source.ts";

/**
 * The phrase markers of an article (docs/i18n.md §7), front matter and body:
 * each `[phrase]{lang=xx}` well formed and in one of the site's languages,
 * and in an English article "ganzheitlich" always marked. Code (fenced,
 * indented or inline) is left alone: it is shown as written.
 */
export function phraseDiagnostics(
  source: SourceFile,
  bodyLine: number,
  tokens: readonly Token[],
  options: { codes: readonly string[]; english: boolean },
): Diagnostic[] {
  const text = source.text;
  const code = codeSpans(source, bodyLine, tokens);
  const problems = [
    ...markerProblems(text, options.codes),
    ...(options.english ? unmarkedForeignWords(text) : []),
  ].filter((p) => !code.some(({ start, end }) => p.index >= start && p.index < end));
  return problems
    .sort((a, b) => a.index - b.index)
    .map((p) => diagnosticAt(source, { start: p.index, end: p.index + p.length }, "error", "", p.message, p.hint));
}

/** Where the code of the body is written: its blocks by their lines, inline code by its backticks. */
export function codeSpans(source: SourceFile, bodyLine: number, tokens: readonly Token[]): Span[] {
  const lineStart = (n: number) => source.lines.lineStarts[bodyLine - 1 + n] ?? source.text.length;
  const spans: Span[] = [];
  for (const token of tokens) {
    if ((token.type === "fence" || token.type === "code_block") && token.map)
      spans.push({ start: lineStart(token.map[0]), end: lineStart(token.map[1]) });
  }
  const bodyStart = lineStart(0);
  for (const match of source.text.slice(bodyStart).matchAll(/(`+)[^`]*?\1/g))
    spans.push({ start: bodyStart + match.index, end: bodyStart + match.index + match[0].length });
  return spans;
}
