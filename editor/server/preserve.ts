// Saving a form without re-dumping the file: the new value is applied to the
// parsed document, yaml renders it, and only the rendered text of the nodes
// that changed is spliced into the original bytes. Comments, key order,
// quoting, blank lines and every untouched line stay as written.
import { isDeepStrictEqual } from "node:util";
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type ParsedNode,
  parseDocument,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import { MAX_NESTING, nestingOffset } from "../../content/index.ts";
import { foldedWidth, likeSibling, siblingValue } from "./like-siblings.ts";

type Path = (string | number)[];
type Edit =
  | { kind: "replace"; path: Path }
  | { kind: "append"; path: Path; from: number }
  | { kind: "truncate"; path: Path; to: number }
  | { kind: "add-key"; path: Path; key: string }
  | { kind: "delete-key"; path: Path; key: string };

interface Splice {
  start: number;
  end: number;
  text: string;
}

const OPTIONS = { keepSourceTokens: false, uniqueKeys: true } as const;

/**
 * A text that cannot be read as YAML here: it does not parse, nests deeper
 * than validate reads (MAX_NESTING), or its aliases expand past yaml's
 * limit. A problem of the text, never of the editor (answered 422 in app.ts).
 */
export class UnreadableYaml extends Error {
  override name = "UnreadableYaml";
}

/** The parsed document of `text` and its value, or UnreadableYaml: the nesting checked before yaml composes. */
export function readYaml(text: string): { doc: Document.Parsed; value: unknown } {
  if (nestingOffset(text) !== undefined) throw new UnreadableYaml(`values nested more than ${MAX_NESTING} levels deep`);
  const doc = parseDocument(text, OPTIONS);
  if (doc.errors.length > 0) throw new UnreadableYaml(`it does not parse: ${doc.errors[0]?.message}`);
  try {
    return { doc, value: doc.toJS() };
  } catch (error) {
    // yaml's own limit on aliases (a "billion laughs"), or an alias with no anchor.
    throw new UnreadableYaml((error as Error).message);
  }
}

/** Values of the texts read last, by text: a keystroke reads the same few texts (the file, its translations, their locks) several times. */
const recentValues = new Map<string, unknown>();
const RECENT_VALUES = 16;

/** Keeps `value` for `key` in `recent` as its newest entry, and at most `limit` entries. */
function keepRecent<T>(recent: Map<string, T>, limit: number, key: string, value: T): T {
  recent.delete(key);
  recent.set(key, value);
  if (recent.size > limit) recent.delete(recent.keys().next().value as string);
  return value;
}

const keepValue = (text: string, value: unknown) => keepRecent(recentValues, RECENT_VALUES, text, value);

/** The value of `text`, or undefined when it cannot be read (readYaml); a copy of its own for each caller. */
export function yamlValue(text: string): unknown {
  let value: unknown;
  if (recentValues.has(text)) {
    value = recentValues.get(text);
  } else {
    try {
      value = readYaml(text).value;
    } catch (error) {
      if (!(error instanceof UnreadableYaml)) throw error;
    }
  }
  keepValue(text, value);
  return value === undefined ? undefined : structuredClone(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The parsed document of a text a form was opened on: every keystroke in the
 * form splices into the same one. Kept as parsed, never changed here (edits
 * are applied to a clone), for the last few texts.
 */
const originals = new Map<string, ReturnType<typeof readYaml>>();
const ORIGINALS = 4;

const readOriginal = (text: string) => keepRecent(originals, ORIGINALS, text, originals.get(text) ?? readYaml(text));

/** The edits that turn `before` into `after`, as deep as the document's shape allows. */
function diff(node: Node | null | undefined, before: unknown, after: unknown, path: Path, edits: Edit[]): void {
  if (isDeepStrictEqual(before, after)) return;
  if (isMap(node) && !node.flow && isRecord(before) && isRecord(after)) {
    for (const key of Object.keys(before)) {
      if (!(key in after) || after[key] === undefined) edits.push({ kind: "delete-key", path, key });
      else diff(node.get(key, true) as Node, before[key], after[key], [...path, key], edits);
    }
    for (const key of Object.keys(after)) {
      if (!(key in before) && after[key] !== undefined) edits.push({ kind: "add-key", path, key });
    }
    return;
  }
  if (isSeq(node) && !node.flow && Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) diff(node.items[i] as Node, before[i], after[i], [...path, i], edits);
    if (after.length > before.length) edits.push({ kind: "append", path, from: before.length });
    if (after.length < before.length) edits.push({ kind: "truncate", path, to: after.length });
    return;
  }
  edits.push({ kind: "replace", path });
}

function nodeAt(doc: Document, path: Path): ParsedNode | undefined {
  return (path.length === 0 ? doc.contents : doc.getIn(path, true)) as ParsedNode | undefined;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)?.[key], value);
}

/** Applies one edit to the (cloned) document. */
function apply(doc: Document, edit: Edit, after: unknown): void {
  const target = valueAt(after, edit.path);
  const node = nodeAt(doc, edit.path);
  switch (edit.kind) {
    case "replace":
      if (isScalar(node) && (typeof target !== "object" || target === null)) node.value = target;
      else if (edit.path.length === 0) doc.contents = doc.createNode(target) as typeof doc.contents;
      else doc.setIn(edit.path, doc.createNode(target));
      return;
    case "append": {
      // Each new item like the last one written by hand (editor/server/like-siblings.ts).
      const written = [...(node as YAMLSeq).items].reverse();
      for (const item of (target as unknown[]).slice(edit.from)) {
        (node as YAMLSeq).items.push(likeSibling(doc.createNode(item), written[0], written));
      }
      return;
    }
    case "truncate":
      (node as YAMLSeq).items.splice(edit.to);
      return;
    case "add-key": {
      // Like the same key of the other items of its list, when it is in one.
      const at = edit.path.at(-1);
      const list = typeof at === "number" ? nodeAt(doc, edit.path.slice(0, -1)) : undefined;
      const model = typeof at === "number" ? siblingValue(list, at, edit.key) : undefined;
      (node as YAMLMap).set(
        edit.key,
        likeSibling(doc.createNode((target as Record<string, unknown>)[edit.key]), model),
      );
      return;
    }
    case "delete-key":
      (node as YAMLMap).delete(edit.key);
  }
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === "\n") return offset;
  const end = text.indexOf("\n", offset);
  return end === -1 ? text.length : end + 1;
}

/** The whole lines of a block entry, from its first line to the end of its value. */
function entryLines(text: string, first: Node, last: Node): [number, number] {
  const start = first.range?.[0] ?? 0;
  const end = last.range?.[1] ?? start;
  return [lineStart(text, start), lineEnd(text, end)];
}

/** The splice an edit makes in the original text, with its new text taken from the rendered document. */
function splice(orig: { doc: Document; text: string }, next: { doc: Document; text: string }, edit: Edit): Splice {
  const old = nodeAt(orig.doc, edit.path);
  const now = nodeAt(next.doc, edit.path);
  const slice = (node: Node | undefined, from: "node" | "lines" = "node") => {
    const [start = 0, end = start] = node?.range ?? [];
    return from === "node" ? next.text.slice(start, end) : next.text.slice(lineStart(next.text, start), end);
  };
  switch (edit.kind) {
    case "replace": {
      const [start = 0, end = start] = old?.range ?? [];
      return { start, end, text: slice(now) };
    }
    case "append": {
      const oldSeq = old as YAMLSeq<Node>;
      const newSeq = now as YAMLSeq<Node>;
      const lastOld = oldSeq.items.at(-1);
      const at = lastOld ? lineEnd(orig.text, lastOld.range?.[1] ?? 0) : lineEnd(orig.text, oldSeq.range?.[1] ?? 0);
      const first = newSeq.items[edit.from];
      const last = newSeq.items.at(-1);
      if (!first || !last) return { start: at, end: at, text: "" };
      const [s, e] = entryLines(next.text, first, last);
      const inserted = next.text.slice(s, e);
      // The blank line yaml writes before a spaced item is above its first line; the file's last line may lack its "\n".
      const before = `${orig.text.endsWith("\n") || at < orig.text.length ? "" : "\n"}${first.spaceBefore ? "\n" : ""}`;
      return { start: at, end: at, text: `${before}${inserted.endsWith("\n") ? inserted : `${inserted}\n`}` };
    }
    case "truncate": {
      const oldSeq = old as YAMLSeq<Node>;
      const first = oldSeq.items[edit.to];
      const last = oldSeq.items.at(-1);
      if (!first || !last) return { start: 0, end: 0, text: "" };
      const [s, e] = entryLines(orig.text, first, last);
      return { start: s, end: e, text: "" };
    }
    case "add-key": {
      const oldMap = old as YAMLMap<Node, Node>;
      const newMap = now as YAMLMap<Node, Node>;
      const lastPair = oldMap.items.at(-1);
      const lastNode = (lastPair?.value ?? lastPair?.key) as Node | undefined;
      const at = lineEnd(orig.text, lastNode?.range?.[1] ?? oldMap.range?.[1] ?? 0);
      const pair = newMap.items.find((p) => isScalar(p.key) && String(p.key.value) === edit.key);
      if (!pair) return { start: at, end: at, text: "" };
      const [s, e] = entryLines(next.text, pair.key as Node, (pair.value ?? pair.key) as Node);
      return { start: at, end: at, text: next.text.slice(s, e) };
    }
    case "delete-key": {
      const oldMap = old as YAMLMap<Node, Node>;
      const pair = oldMap.items.find((p) => isScalar(p.key) && String(p.key.value) === edit.key);
      if (!pair) return { start: 0, end: 0, text: "" };
      const [s, e] = entryLines(orig.text, pair.key as Node, (pair.value ?? pair.key) as Node);
      return { start: s, end: e, text: "" };
    }
  }
}

export interface PreservedText {
  text: string;
  /** True when the splices did not reproduce the value and the whole document was rendered by yaml instead. */
  rerendered: boolean;
}

/**
 * The text of `original` (a YAML file) holding `after` instead of its current
 * value. An unchanged value returns `original` itself, byte for byte.
 */
export function preserveYaml(original: string, after: unknown): PreservedText {
  const { doc, value: before } = readOriginal(original);
  if (isDeepStrictEqual(before, after)) return { text: original, rerendered: false };
  const edits: Edit[] = [];
  diff(doc.contents, before, after, [], edits);
  const next = doc.clone();
  for (const edit of edits) apply(next, edit, after);
  // Folded texts wrapped as wide as the file's own (yaml's default is 80 columns); `[a, b]` as the data writes it.
  const rendered = next.toString({ lineWidth: foldedWidth(doc, original) ?? 80, flowCollectionPadding: false });
  const renderedDoc = parseDocument(rendered, OPTIONS);
  const splices = edits
    .map((edit) => splice({ doc, text: original }, { doc: renderedDoc, text: rendered }, edit))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let text = original;
  for (const s of splices) text = text.slice(0, s.start) + s.text + text.slice(s.end);
  const check = parseDocument(text, OPTIONS);
  if (check.errors.length > 0) return { text: rendered, rerendered: true };
  const value = check.toJS();
  if (!isDeepStrictEqual(value, after)) return { text: rendered, rerendered: true };
  // The edit's checks read this very text's value next (yamlValue): it is the one just parsed, when readYaml would give it.
  if (nestingOffset(text) === undefined) keepValue(text, value);
  return { text, rerendered: false };
}

/** The same for an article: its front matter kept as written, the body as typed. */
export function splitFrontMatter(text: string): { frontMatter: string; body: string } | undefined {
  const match = /^---\n([\s\S]*?\n)?---\n?/.exec(text);
  if (!match) return undefined;
  return { frontMatter: match[1] ?? "", body: text.slice(match[0].length) };
}
