import { type Document, parseDocument } from "yaml";
import type { z } from "zod";
import { ArticleFrontMatterSchema, TranslatedFrontMatterSchema } from "../../schemas/insights.ts";
import type { Diagnostic } from "../diagnostic.ts";
import { rawCharacterProblems } from "../raw-characters.ts";
import { diagnosticAt, lineCounterFor, type SourceFile } from "../source.ts";
import { nestingProblem, YAML_OPTIONS, yamlProblems } from "../yaml-problems.ts";
import { issuesToDiagnostics } from "../zod-issues.ts";
import { checkFrontMatter, type FrontMatterContext } from "./front-matter-rules.ts";
import { simpleFrontMatter } from "./simple-front-matter.ts";

export interface SplitArticle {
  source: SourceFile;
  /** The front matter's plain value, when it parsed and passed its schema. */
  value?: z.infer<typeof ArticleFrontMatterSchema>;
  /** The same for a translation (data/insights/<code>/<slug>.md). */
  translation?: z.infer<typeof TranslatedFrontMatterSchema>;
  /** Offset where the Markdown body starts, and its first line (1-based). */
  bodyStart: number;
  bodyLine: number;
  diagnostics: Diagnostic[];
}

const FENCE = /^---[ \t]*\r?$/;

/**
 * Splits an article into front matter and body, and parses the front matter
 * as YAML in place: the YAML text keeps every offset of the .md file (the
 * opening `---` becomes spaces), so each node points at its line:col there.
 */
export function splitArticle(
  file: string,
  text: string,
  context: FrontMatterContext,
  translation = false,
): SplitArticle {
  const lines = lineCounterFor(text);
  const base: SourceFile = { file, text, lines };
  const at = (start: number, end: number, message: string, hint: string): Diagnostic =>
    diagnosticAt(base, { start, end }, "error", "", message, hint);

  const firstEnd = lineEnd(text, 0);
  if (!FENCE.test(text.slice(0, firstEnd))) {
    return {
      source: base,
      bodyStart: 0,
      bodyLine: 1,
      diagnostics: [
        at(
          0,
          Math.max(1, firstEnd),
          "the article has no front matter: its first line must be `---`",
          "start the file with `---`, then title, description, date, author and tags, then another `---`",
        ),
      ],
    };
  }
  // The closing fence: the next line that is `---`.
  let close = -1;
  let lineNumber = 2;
  for (let start = nextLine(text, firstEnd); start < text.length; start = nextLine(text, lineEnd(text, start))) {
    if (FENCE.test(text.slice(start, lineEnd(text, start)))) {
      close = start;
      break;
    }
    lineNumber++;
  }
  if (close === -1) {
    return {
      source: base,
      bodyStart: text.length,
      bodyLine: lineNumber,
      diagnostics: [
        at(
          0,
          3,
          "the front matter is not closed: no `---` line after it",
          "add a line `---` after the last field (tags:), before the article's text",
        ),
      ],
    };
  }

  const yamlText = `   ${text.slice(3, close)}`;
  const bodyStart = nextLine(text, lineEnd(text, close));
  // The fast path: a plain front matter that is valid needs no positions.
  const simple = simpleFrontMatter(yamlText);
  if (simple && translation) {
    const parsed = TranslatedFrontMatterSchema.safeParse(simple, { reportInput: false });
    if (parsed.success)
      return { source: base, translation: parsed.data, bodyStart, bodyLine: lineNumber + 1, diagnostics: [] };
  } else if (simple) {
    const parsed = ArticleFrontMatterSchema.safeParse(simple, { reportInput: false });
    if (parsed.success && checkFrontMatter(base, parsed.data, context).length === 0) {
      return { source: base, value: parsed.data, bodyStart, bodyLine: lineNumber + 1, diagnostics: [] };
    }
  }
  const deep = nestingProblem(base, yamlText);
  if (deep) return { source: base, bodyStart, bodyLine: lineNumber + 1, diagnostics: [deep] };
  const doc = parseDocument(yamlText, YAML_OPTIONS) as Document.Parsed;
  const source: SourceFile = { file, text, lines, doc };
  const result = { source, bodyStart, bodyLine: lineNumber + 1 };
  const diagnostics: Diagnostic[] = [
    ...yamlProblems(source, yamlText),
    ...rawCharacterProblems(source, { lines: "many" }, 0, close),
  ];
  if (diagnostics.some((d) => d.severity === "error")) return { ...result, diagnostics };
  if (doc.contents === null) {
    diagnostics.push(
      at(
        0,
        3,
        "the front matter is empty",
        "write title, description, date, author and tags between the two `---` lines",
      ),
    );
    return { ...result, diagnostics };
  }
  let plain: unknown;
  try {
    plain = doc.toJS({ maxAliasCount: 100 });
  } catch {
    diagnostics.push(
      at(0, 3, "the front matter uses aliases that expand too far", "write the fields out; no anchors or aliases"),
    );
    return { ...result, diagnostics };
  }
  if (translation) {
    const parsed = TranslatedFrontMatterSchema.safeParse(plain, { reportInput: false });
    if (parsed.success) return { ...result, translation: parsed.data, diagnostics };
    diagnostics.push(...issuesToDiagnostics(source, TranslatedFrontMatterSchema, parsed.error.issues));
    return { ...result, diagnostics };
  }
  const parsed = ArticleFrontMatterSchema.safeParse(plain, { reportInput: false });
  if (!parsed.success) {
    diagnostics.push(...issuesToDiagnostics(source, ArticleFrontMatterSchema, parsed.error.issues));
    return { ...result, diagnostics };
  }
  diagnostics.push(...checkFrontMatter(source, parsed.data, context));
  return { ...result, value: parsed.data, diagnostics };
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

function nextLine(text: string, end: number): number {
  return Math.min(text.length, end + 1);
}
