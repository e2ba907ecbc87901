import {
  type Document,
  isAlias,
  isDocument,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type ParsedNode,
  visit,
} from "yaml";
import type { PathSegment } from "../schemas/suggest.ts";
import type { Diagnostic } from "./diagnostic.ts";

/** A data file as read from disk, with what is needed to point into it. */
export interface SourceFile {
  /** Path as shown to the user, like `data/consultants.yaml`. */
  file: string;
  text: string;
  lines: LineCounter;
  doc?: Document.Parsed;
}

export interface Span {
  start: number;
  end: number;
}

/** Builds a diagnostic for the characters `span` of `source`. */
export function diagnosticAt(
  source: Pick<SourceFile, "file" | "lines" | "text">,
  span: Span,
  severity: Diagnostic["severity"],
  path: string,
  message: string,
  hint?: string,
): Diagnostic {
  const clamp = (offset: number) => Math.max(0, Math.min(offset, source.text.length));
  const start = source.lines.linePos(clamp(span.start));
  const end = source.lines.linePos(clamp(Math.max(span.end, span.start)));
  return {
    file: source.file,
    line: start.line,
    column: start.col,
    endLine: end.line,
    endColumn: end.col,
    severity,
    path,
    message,
    ...(hint ? { hint } : {}),
  };
}

/** Builds the line index for `text` (the yaml parser fills it too, identically). */
export function lineCounterFor(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
  return lines;
}

export interface Located {
  /** The deepest node found along the path. */
  node: ParsedNode;
  /** The key node of the last mapping entry found, if the path ended at a mapping entry. */
  key?: ParsedNode;
  /** How many segments of the path were found. */
  depth: number;
}

/** Follows `path` into the document as far as it exists. */
export function locate(doc: Document.Parsed, path: readonly PathSegment[]): Located | undefined {
  let node = doc.contents as ParsedNode | null;
  if (!node) return undefined;
  let key: ParsedNode | undefined;
  let depth = 0;
  for (const segment of path) {
    let next: ParsedNode | undefined;
    let nextKey: ParsedNode | undefined;
    if (isMap(node)) {
      const pair: unknown = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (isPair(pair)) {
        nextKey = pair.key as ParsedNode;
        next = (pair.value as ParsedNode | null) ?? nextKey;
      }
    } else if (isSeq(node) && typeof segment === "number") {
      next = (node.items[segment] as ParsedNode | undefined) ?? undefined;
      nextKey = undefined;
    }
    if (!next) break;
    node = next;
    key = nextKey;
    depth++;
  }
  return { node, ...(key ? { key } : {}), depth };
}

/** The span of a node, or of the first line of it when it spans several (a mapping, a list). */
export function spanOf(node: Node, text: string, firstLineOnly = false): Span {
  const [start = 0, valueEnd = start] = node.range ?? [];
  if (!firstLineOnly) return { start, end: valueEnd };
  const lineEnd = text.indexOf("\n", start);
  return { start, end: lineEnd === -1 ? valueEnd : Math.min(valueEnd, lineEnd) };
}

/** Span of `needle` inside the source of `node`, when it is written there literally. */
export function spanOfText(node: Node, text: string, needle: string): Span | undefined {
  const [start = 0, end = start] = node.range ?? [];
  const at = text.slice(start, end).indexOf(needle);
  return at === -1 ? undefined : { start: start + at, end: start + at + needle.length };
}

/** The first alias in the document, to point at when aliases explode. */
export function firstAlias(doc: Document.Parsed): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Alias(_, node) {
      if (isAlias(node)) {
        found = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The first mapping key that is a list or a mapping (`? [a, b]`), which a data file cannot use. */
export function firstCollectionKey(node: unknown): Node | undefined {
  // A plain walk: `visit` costs several times more on a large file, and this runs on every file.
  if (isDocument(node)) return firstCollectionKey(node.contents);
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isMap(pair.key) || isSeq(pair.key)) return pair.key;
      const found = firstCollectionKey(pair.value);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (const item of node.items) {
      const found = firstCollectionKey(item);
      if (found) return found;
    }
  }
  return undefined;
}
