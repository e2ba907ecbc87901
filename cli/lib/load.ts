import { parseDocument, visit, type YAMLError } from "yaml";
import type { Diagnostic } from "./diagnostic.ts";
import { displayPath, readTextFile } from "./read-text.ts";
import { diagnosticAt, firstAlias, firstCollectionKey, lineCounterFor, type SourceFile, spanOf } from "./source.ts";

export {
  displayPath,
  firstInvalidUtf8,
  formatBytes,
  MAX_FILE_BYTES,
  readTextFile,
  readTextFileSync,
  type TextFile,
} from "./read-text.ts";

/** Aliases a file may expand; a "billion laughs" file needs millions. */
export const MAX_ALIAS_COUNT = 100;

export interface LoadResult {
  source?: SourceFile;
  /** The plain value of the YAML document, when it parsed. */
  value?: unknown;
  diagnostics: Diagnostic[];
}

/** Reads and parses one data file. Never throws for anything a file can contain. */
export async function loadYamlFile(path: string): Promise<LoadResult> {
  const file = displayPath(path);
  const read = await readTextFile(path);
  if (read.diagnostics) return { diagnostics: read.diagnostics };
  const text = read.text;
  const lines = lineCounterFor(text);
  // logLevel "error": yaml must not print Node warnings to whoever runs the CLI; problems become diagnostics.
  const doc = parseDocument(text, {
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
    keepSourceTokens: false,
    logLevel: "error",
  });
  const source: SourceFile = { file, text, lines, doc };
  const diagnostics: Diagnostic[] = [];

  for (const error of doc.errors) diagnostics.push(yamlProblem(source, error, "error"));
  for (const warning of doc.warnings) diagnostics.push(yamlProblem(source, warning, "warning"));
  if (doc.errors.length > 0) return { source, diagnostics };

  if (doc.contents === null) {
    diagnostics.push(
      diagnosticAt(
        source,
        { start: 0, end: 0 },
        "error",
        "",
        "file is empty",
        "the file needs its content; see the other files in data/ for the shape",
      ),
    );
    return { source, diagnostics };
  }

  const complexKey = firstCollectionKey(doc);
  if (complexKey) {
    diagnostics.push(
      diagnosticAt(
        source,
        spanOf(complexKey, text, true),
        "error",
        "",
        "a key must be plain text, not a list or a mapping",
        "write the key as a word followed by a colon, like `heading:`",
      ),
    );
    return { source, diagnostics };
  }

  try {
    const value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return { source, value, diagnostics };
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      const alias = firstAlias(doc);
      diagnostics.push(
        diagnosticAt(
          source,
          alias ? spanOf(alias, text) : { start: 0, end: 0 },
          "error",
          "",
          `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); refused without expanding them`,
          "write the content out instead of nesting *aliases; data files do not need anchors",
        ),
      );
      return { source, diagnostics };
    }
    throw error;
  }
}

/** yaml's own wording where it speaks to a programmer rather than to whoever edits the file. */
const YAML_MESSAGES: Record<string, string> = {
  MULTIPLE_DOCS: "the file holds more than one document",
};

const YAML_HINTS: Record<string, string> = {
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

export function yamlProblem(source: SourceFile, problem: YAMLError, severity: Diagnostic["severity"]): Diagnostic {
  const [reported = 0, reportedEnd = reported] = problem.pos;
  // yaml reports an unclosed quote where the text runs out (often the end of the file): point at the opening quote.
  const opening = problem.code === "MISSING_CHAR" ? unclosedQuoteAt(source.doc, reported) : undefined;
  const [start, end] = opening === undefined ? [reported, reportedEnd] : [opening, opening + 1];
  const message =
    YAML_MESSAGES[problem.code] ??
    problem.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ??
    problem.code;
  const hint = YAML_HINTS[problem.code] ?? "check quoting and indentation here";
  return diagnosticAt(source, { start, end: Math.max(end, start + 1) }, severity, "", `YAML: ${message}`, hint);
}

/** Offset of the opening quote of the quoted scalar that runs up to `end`, if there is one. */
function unclosedQuoteAt(doc: SourceFile["doc"], end: number): number | undefined {
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
