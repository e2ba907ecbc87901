import { isScalar, type Node } from "yaml";

/**
 * Where in the file the character at `index` of a scalar's value is written:
 * as itself, or (in double quotes) as an escape like `\e`, `\x0b`, `\u202e`.
 * The value is the scalar's text after YAML read it, so the character is
 * found as the same occurrence (the k-th ESC of the value is the k-th ESC
 * written). A line break found in a one-line text points at the first line
 * break of the node. Undefined when the node is not a scalar of that value.
 */
export function charSpanInScalar(
  node: Node | undefined,
  text: string,
  index: number,
): { start: number; end: number } | undefined {
  if (!node || !isScalar(node) || typeof node.value !== "string" || !node.range) return undefined;
  const value = node.value;
  const codePoint = value.codePointAt(index);
  if (codePoint === undefined) return undefined;
  let occurrence = 0;
  for (let i = 0; i < index; ) {
    const c = value.codePointAt(i) ?? 0;
    if (c === codePoint) occurrence++;
    i += c > 0xffff ? 2 : 1;
  }
  const [start, end] = node.range;
  let from = start;
  if (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED") {
    const header = text.indexOf("\n", start);
    from = header === -1 || header >= end ? end : header + 1;
  }
  const written = node.type === "QUOTE_DOUBLE" ? decodedDoubleQuoted(text, from + 1, end - 1) : raw(text, from, end);
  let seen = 0;
  for (const [offset, c, length] of written) {
    if (c !== codePoint) continue;
    if (seen === occurrence || codePoint === 0x0a) return { start: offset, end: offset + length };
    seen++;
  }
  return undefined;
}

/**
 * Where a stretch of a scalar's value that starts at `index` is written: from
 * its first character (charSpanInScalar) over `written` when the file has it
 * there as it is, otherwise that one character.
 */
export function textSpanInScalar(
  node: Node | undefined,
  text: string,
  index: number,
  written?: string,
): { start: number; end: number } | undefined {
  const first = charSpanInScalar(node, text, index);
  if (!first || !written || !text.startsWith(written, first.start)) return first;
  return { start: first.start, end: first.start + written.length };
}

/** [offset, code point, length written] of each character. */
type Written = [number, number, number];

function* raw(text: string, from: number, to: number): Generator<Written> {
  for (let i = from; i < to; ) {
    const c = text.codePointAt(i) ?? 0;
    const length = c > 0xffff ? 2 : 1;
    yield [i, c, length];
    i += length;
  }
}

const SIMPLE_ESCAPES: Record<string, number> = {
  "0": 0x00,
  a: 0x07,
  b: 0x08,
  t: 0x09,
  "\t": 0x09,
  n: 0x0a,
  v: 0x0b,
  f: 0x0c,
  r: 0x0d,
  e: 0x1b,
  " ": 0x20,
  '"': 0x22,
  "/": 0x2f,
  "\\": 0x5c,
  N: 0x85,
  _: 0xa0,
  L: 0x2028,
  P: 0x2029,
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** The characters of a double-quoted scalar's source with the offset each is written at (an escape's backslash). */
function* decodedDoubleQuoted(text: string, from: number, to: number): Generator<Written> {
  for (let i = from; i < to; ) {
    const c = text.codePointAt(i) ?? 0;
    if (c !== 0x5c) {
      const length = c > 0xffff ? 2 : 1;
      yield [i, c, length];
      i += length;
      continue;
    }
    const kind = text[i + 1] ?? "";
    const hex = HEX_LENGTH[kind];
    if (hex !== undefined) {
      // \uD83D\uDE00 is one character written as two escapes; each half is reported where it is written.
      yield [i, Number.parseInt(text.slice(i + 2, i + 2 + hex), 16), 2 + hex];
      i += 2 + hex;
    } else if (kind in SIMPLE_ESCAPES) {
      yield [i, SIMPLE_ESCAPES[kind] ?? 0, 2];
      i += 2;
    } else i += 2; // an escaped line break (the line continues) or an invalid escape yaml already reported
  }
}
