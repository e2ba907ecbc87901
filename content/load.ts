import { parseDocument } from "yaml";
import type { Diagnostic } from "./diagnostic.ts";
import { rawCharacterProblems } from "./raw-characters.ts";
import { displayPath, readTextFile } from "./read-text.ts";
import { memoized } from "./session.ts";
import { diagnosticAt, firstAlias, firstCollectionKey, lineCounterFor, type SourceFile, spanOf } from "./source.ts";
import { nestingProblem, YAML_OPTIONS, yamlProblems } from "./yaml-problems.ts";

export {
  displayPath,
  fileExists,
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
  const read = await readTextFile(path);
  if (read.diagnostics) return { diagnostics: read.diagnostics };
  // A warm session (the editor) parses a file again only when its text changed.
  return memoized("yaml", path, read.text, () => parseYamlText(displayPath(path), read.text));
}

/** Parses one data file's text, with positions. Never throws for anything a file can contain. */
function parseYamlText(file: string, text: string): LoadResult {
  const lines = lineCounterFor(text);
  const deep = nestingProblem({ file, text, lines }, text);
  if (deep) return { source: { file, text, lines }, diagnostics: [deep] };
  const doc = parseDocument(text, YAML_OPTIONS);
  const source: SourceFile = { file, text, lines, doc };
  // Refused characters outside the values (comments, keys), or anywhere while the file does not parse.
  const diagnostics: Diagnostic[] = [...yamlProblems(source), ...rawCharacterProblems(source, { lines: "many" })].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
  if (diagnostics.some((d) => d.severity === "error")) return { source, diagnostics };

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
