// What the YAML parser says about a file, as diagnostics a content owner can
// act on: strict (an unknown tag or directive is an error at its position;
// no warning is dropped), and by root cause (an unclosed `[`, `{` or quote is
// reported where it opens, and the errors that only follow from it are not
// listed). Shared by the data files (load.ts) and the articles' front matter.
import { CST, type Document, Lexer, type ParseOptions, Parser, visit, type YAMLError } from "yaml";
import type { Diagnostic } from "./diagnostic.ts";
import { diagnosticAt, type SourceFile } from "./source.ts";

/**
 * How every content file is parsed: unique keys, one document, positions
 * kept; tags beyond YAML's core schema (`!!binary`, `!!set`, `!!js/function`,
 * `!custom`) are not resolved, so they are reported instead of read.
 */
export const YAML_OPTIONS = {
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
  keepSourceTokens: false,
  resolveKnownTags: false,
  // yaml must not print Node warnings to whoever runs the CLI; problems become diagnostics.
  logLevel: "error",
} as const satisfies ParseOptions & { logLevel: "error"; resolveKnownTags: boolean };

/**
 * How deep values may nest (lists in mappings in lists…). The data files nest
 * five levels at most; a value nested far deeper is a mistake or an attack
 * (yaml composes recursively and runs out of stack, or memory, at a few
 * thousand levels). Checked on the token stream before anything is composed,
 * so every walk of a document after it is bounded by this depth.
 */
export const MAX_NESTING = 64;

/** After a root cause, at most this many YAML errors of a file are listed (a point edit can give hundreds). */
export const MAX_YAML_ERRORS = 3;

/** yaml's own wording where it speaks to a programmer rather than to whoever edits the file. */
const YAML_MESSAGES: Partial<Record<YAMLError["code"], string>> = {
  MULTIPLE_DOCS: "the file holds more than one document",
};

const YAML_HINTS: Partial<Record<YAMLError["code"], string>> = {
  DUPLICATE_KEY: "a key may appear once per mapping; remove or rename one of them",
  TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs for indentation",
  BAD_INDENT: "line up this line with the other keys of its block, using spaces",
  MISSING_CHAR: "a quote or bracket is not closed",
  MULTILINE_IMPLICIT_KEY:
    "a key must be on one line; is a colon missing after the previous key, or a quote not closed?",
  BLOCK_AS_IMPLICIT_KEY: 'a value that contains ": " must be in quotes; otherwise, is this line indented too much?',
  UNEXPECTED_TOKEN: "check quoting and indentation on this line",
  BAD_ALIAS: "an *alias needs an &anchor of that name earlier in the file",
  MULTIPLE_DOCS: "a data file holds one document; remove the `---` line",
};

/** Warnings that are errors here: a data file has no use for tags or directives. */
const STRICT: Partial<Record<YAMLError["code"], (written: string) => [message: string, hint: string]>> = {
  TAG_RESOLVE_FAILED: (tag) => [
    `unknown tag \`${tag}\``,
    "data files hold plain text, numbers, lists and mappings: remove the tag (a text that starts with `!` goes in quotes)",
  ],
  BAD_COLLECTION_TYPE: (tag) => [`the tag \`${tag}\` does not fit this value`, "remove the tag"],
  BAD_DIRECTIVE: (directive) => [
    `unknown directive \`${directive}\``,
    "a data file needs no `%` directive; remove the line",
  ],
};

/** The parser's errors and warnings for `source` (parsed into source.doc), root causes first, follow-ons left out. */
export function yamlProblems(source: SourceFile, yamlText = source.text): Diagnostic[] {
  const doc = source.doc;
  if (!doc) return [];
  const problems = [
    ...doc.errors.map((problem) => ({ problem, severity: "error" as const })),
    ...doc.warnings.map((problem) => ({
      problem,
      severity: problem.code in STRICT ? ("error" as const) : ("warning" as const),
    })),
  ].sort((a, b) => a.problem.pos[0] - b.problem.pos[0]);
  if (!problems.some((p) => p.severity === "error")) {
    return problems.map(({ problem, severity }) => yamlProblem(source, problem, severity));
  }

  // A flow collection or quote that is never closed swallows the rest of the file: it is the root cause.
  const opener = doc.errors.length > 0 ? unclosedOpener(source, yamlText) : undefined;
  const kept: Diagnostic[] = [];
  const lines = new Set<number>();
  let dropped = 0;
  let followOns = -1; // the first error at or after the opener is the opener's own
  for (const { problem, severity } of problems) {
    if (opener && problem.pos[0] >= opener.offset) {
      followOns++;
      continue;
    }
    const diagnostic = yamlProblem(source, problem, severity);
    const errors = kept.filter((d) => d.severity === "error").length;
    // One error per line (yaml often gives two for one mistake), and a handful per file: further ones mostly follow from the first.
    if (severity === "error" && lines.has(diagnostic.line)) continue;
    if (severity === "error" && errors >= MAX_YAML_ERRORS) {
      dropped++;
      continue;
    }
    lines.add(diagnostic.line);
    kept.push(diagnostic);
  }
  if (opener) {
    const root = openerDiagnostic(source, opener);
    kept.push(root);
    noteLeftOut(root, Math.max(0, followOns));
  }
  const first = kept.find((d) => d.severity === "error");
  if (first) noteLeftOut(first, dropped);
  return kept.sort((a, b) => a.line - b.line || a.column - b.column);
}

function noteLeftOut(diagnostic: Diagnostic, count: number): void {
  if (count === 0) return;
  const many = count > 1;
  diagnostic.hint = `${diagnostic.hint ?? ""}; ${count} more YAML problem${many ? "s" : ""} after it follow${many ? "" : "s"} from this one and ${many ? "are" : "is"} not listed: fix it and validate again`;
}

export function yamlProblem(source: SourceFile, problem: YAMLError, severity: Diagnostic["severity"]): Diagnostic {
  const [reported = 0, reportedEnd = reported] = problem.pos;
  // yaml reports an unclosed quote where the text runs out (often the end of the file): point at the opening quote.
  const opening = problem.code === "MISSING_CHAR" ? unclosedQuoteAt(source.doc, reported) : undefined;
  const [start, end] = opening === undefined ? [reported, reportedEnd] : [opening, opening + 1];
  const strict = STRICT[problem.code];
  if (strict) {
    const written = source.text.slice(reported, Math.max(reportedEnd, reported + 1)).split(/\s/)[0] ?? "";
    const [message, hint] = strict(written);
    return diagnosticAt(source, { start, end: Math.max(end, start + 1) }, severity, "", `YAML: ${message}`, hint);
  }
  const message =
    YAML_MESSAGES[problem.code] ??
    problem.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ??
    problem.code;
  const hint = YAML_HINTS[problem.code] ?? "check quoting and indentation here";
  return diagnosticAt(source, { start, end: Math.max(end, start + 1) }, severity, "", `YAML: ${message}`, hint);
}

/** Offset of the opening quote of the quoted scalar that runs up to `end`, if there is one. */
function unclosedQuoteAt(doc: Document.Parsed | undefined, end: number): number | undefined {
  if (!doc) return undefined;
  let found: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      if ((node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") && node.range?.[1] === end) {
        found = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

interface Opener {
  offset: number;
  char: "[" | "{" | '"' | "'";
  /** The closer found instead of the right one (`[1, 2}`), if any. */
  wrongCloser?: string;
}

/**
 * The first `[`, `{` or quote that is never closed, from yaml's syntax tree:
 * for nested ones the innermost (in `{a: [1, 2}` the `[` lost its `]`).
 */
function unclosedOpener(source: SourceFile, yamlText: string): Opener | undefined {
  const quote = source.doc?.errors.find((e) => e.code === "MISSING_CHAR" && /quote/i.test(e.message));
  const quoteAt = quote ? unclosedQuoteAt(source.doc, quote.pos[0]) : undefined;
  let flow: Opener | undefined;
  for (const token of new Parser().parse(yamlText)) {
    if (token.type === "document") flow = innermostUnclosed(token);
    if (flow) break;
  }
  if (quoteAt !== undefined && (!flow || quoteAt < flow.offset)) {
    return { offset: quoteAt, char: source.text[quoteAt] === "'" ? "'" : '"' };
  }
  return flow;
}

/**
 * The first `[` or `{` of a document whose closer is missing, and within it
 * the first such one nested inside, and so on: the innermost of that chain
 * (yaml's CST.visit, depth first; depth bounded by MAX_NESTING before this runs).
 */
function innermostUnclosed(document: CST.Document): Opener | undefined {
  let found: { opener: Opener; path: CST.VisitPath; field: "key" | "value" } | undefined;
  CST.visit(document, (item, path) => {
    for (const field of ["key", "value"] as const) {
      const token = item[field];
      if (token?.type !== "flow-collection") continue;
      const char = token.start.source;
      if (char !== "[" && char !== "{") continue;
      const closers = token.end.map((e) => e.source);
      if (closers.includes(char === "[" ? "]" : "}")) continue;
      // Only one inside the chain so far: a later sibling is not the root cause.
      if (found && !inside(path, found.path, found.field)) continue;
      const wrong = closers.find((c) => c === "]" || c === "}");
      found = { opener: { offset: token.start.offset, char, ...(wrong ? { wrongCloser: wrong } : {}) }, path, field };
    }
    return undefined;
  });
  return found?.opener;
}

/** Whether the item at `path` lies inside the `field` (key or value) of the item at `outer`. */
function inside(path: CST.VisitPath, outer: CST.VisitPath, field: "key" | "value"): boolean {
  if (path.length <= outer.length) return false;
  return outer.every(([f, i], at) => path[at]?.[0] === f && path[at]?.[1] === i) && path[outer.length]?.[0] === field;
}

function openerDiagnostic(source: SourceFile, opener: Opener): Diagnostic {
  const span = { start: opener.offset, end: opener.offset + 1 };
  if (opener.char === '"' || opener.char === "'") {
    return diagnosticAt(
      source,
      span,
      "error",
      "",
      `YAML: this ${opener.char} opens a quoted text that is never closed`,
      `end the text with ${opener.char} on the same line`,
    );
  }
  const [what, closer] = opener.char === "[" ? ["list", "]"] : ["mapping", "}"];
  const message = opener.wrongCloser
    ? `YAML: this \`${opener.char}\` is closed by \`${opener.wrongCloser}\``
    : `YAML: this \`${opener.char}\` is not closed`;
  return diagnosticAt(
    source,
    span,
    "error",
    "",
    message,
    `close the ${what} with \`${closer}\` (a ${what} over several lines stays indented under its key), or put the value in quotes if the \`${opener.char}\` is part of the text`,
  );
}

/** Tokens of yaml's lexer that stand for no text of the file. */
const MARKERS = new Set(["doc-mode", "flow-error-end", "scalar"]);

/**
 * The offset in `yamlText` where values first nest deeper than MAX_NESTING,
 * from yaml's lexer (iterative, linear), counting the indentation levels of
 * block collections, the `- ` and `? ` that open one on the same line, and
 * open `[` and `{`. The count may run a level above the real depth; the
 * limit is far above what data needs. Run before any parse that composes.
 */
export function nestingOffset(yamlText: string): number | undefined {
  const indents: number[] = [];
  let offset = 0;
  let lineStart = 0;
  let atLineStart = true;
  let flow = 0;
  let inline = 0;
  for (const token of new Lexer().lex(yamlText)) {
    const type = CST.tokenType(token);
    if (type && MARKERS.has(type)) continue;
    const at = offset;
    offset += token.length;
    if (type === "newline") {
      lineStart = offset;
      atLineStart = true;
      inline = 0;
      continue;
    }
    if (type === "space" || type === "comment") continue;
    if (atLineStart && flow === 0) {
      const column = at - lineStart;
      while (indents.length > 0 && (indents.at(-1) ?? 0) >= column) indents.pop();
      indents.push(column);
    }
    atLineStart = false;
    if (flow === 0 && (type === "seq-item-ind" || type === "explicit-key-ind")) inline++;
    else if (type === "flow-seq-start" || type === "flow-map-start") flow++;
    else if (type === "flow-seq-end" || type === "flow-map-end") flow = Math.max(0, flow - 1);
    else continue;
    if (indents.length + inline + flow > MAX_NESTING) return at;
  }
  return undefined;
}

/**
 * The first place where values nest deeper than MAX_NESTING (nestingOffset),
 * as a diagnostic. `yamlText` has the offsets of `source.text` (front
 * matter: the fence blanked out).
 */
export function nestingProblem(source: Pick<SourceFile, "file" | "lines" | "text">, yamlText: string) {
  const at = nestingOffset(yamlText);
  if (at === undefined) return undefined;
  return diagnosticAt(
    source,
    { start: at, end: at + 1 },
    "error",
    "",
    `YAML: values nested more than ${MAX_NESTING} levels deep; the file is not read further`,
    "data nests a few levels (a list of mappings, a list in them): is a `[`, `{` or `- ` repeated by mistake here?",
  );
}
