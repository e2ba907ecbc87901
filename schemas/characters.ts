/**
 * Which characters a text of the data may hold, and what to say about one it
 * may not. Pure and free of zod: the string types (text.ts) use it for every
 * YAML value, the article rules for Markdown bodies, the YAML loader for the
 * rest of a file (comments, keys).
 *
 * Refused in every text: C0 controls but tab and line feed, DEL, C1 controls
 * (U+0085 NEXT LINE and the one-byte CSI U+009B included), a lone carriage
 * return (CRLF line ends are normalised to LF before anything is checked),
 * lone surrogates, noncharacters (U+FFFE, U+FFFF, ...), U+FFFD left by a bad
 * decoding, and a byte-order mark inside the text. Refused unless a field
 * allows them: the bidi embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069; "Trojan Source", CVE-2021-42574). Direction marks (U+200E,
 * U+200F, U+061C), which right-to-left text needs, are allowed. A one-line
 * text also refuses line breaks (LF, U+2028, U+2029) and tabs.
 */

export interface CharRules {
  /** "one": a line of text (no line break, no tab); "many": prose (line feeds and tabs allowed). */
  lines: "one" | "many";
  /** Allow the bidi embedding, override and isolate controls. */
  bidi?: boolean;
}

export interface CharProblem {
  /** Index in the string (UTF-16 code units). */
  index: number;
  /** The character's position in the text, counted in characters (code points), from 1. */
  position: number;
  codePoint: number;
  /** `U+000B VERTICAL TAB` */
  label: string;
  /** What to do: `delete it or replace it with a space`. */
  fix: string;
  /** Why such a character is there or why it is refused. */
  why: string;
  /** How many refused characters the text holds in all (this one included). */
  count: number;
}

// The dangerous characters, once, as regular-expression classes: the data's
// hygiene (below), the inquiry form's fields (inquiry.ts), the CLI's terminal
// output (content/terminal-safe.ts) and the server's log (inquiries/log-text.ts).
/** C0 controls but tab and line feed, DEL, C1 controls (U+009B is a one-byte CSI). */
export const CONTROLS = "\\0-\\x08\\x0B-\\x1F\\x7F-\\x9F";
/** Bidi embeddings, overrides and isolates: they reorder what a reader sees ("Trojan Source"). */
export const BIDI_REORDERING = "\\u202A-\\u202E\\u2066-\\u2069";
/** Direction marks: invisible, harmless in right-to-left prose, out of place in a name or a terminal. */
export const BIDI_MARKS = "\\u200E\\u200F\\u061C";
/** The line and paragraph separators, line breaks that are not line feeds. */
export const SEPARATORS = "\\u2028\\u2029";

/**
 * What a terminal acts on or that reorders what a reader sees: every control
 * (tab and line feed too), the separators, bidi controls and marks.
 */
const UNSAFE_TO_PRINT = new RegExp(`[\\p{Cc}${SEPARATORS}${BIDI_REORDERING}${BIDI_MARKS}]`, "gu");

/** A character as the escape a reader can see: `\\x1b`, `\\u202e`. */
export function escapeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `text` with every character unsafe to print written as an escape; `keep`
 * may answer a character's replacement first (a line break kept, or `\\n`).
 */
export function escapeUnsafe(text: string, keep: (char: string) => string | undefined = () => undefined): string {
  return text.replace(UNSAFE_TO_PRINT, (char) => keep(char) ?? escapeChar(char));
}

const ALWAYS = `${CONTROLS}\\uFEFF\\uFFFD\\p{Cs}\\p{Noncharacter_Code_Point}`;
const BIDI = BIDI_REORDERING;
const ONE_LINE = `\\t\\n${SEPARATORS}`;

const PATTERNS = new Map<string, RegExp>();
function pattern(rules: CharRules): RegExp {
  const key = `${rules.lines}${rules.bidi ? "+bidi" : ""}`;
  let found = PATTERNS.get(key);
  if (!found) {
    found = new RegExp(`[${ALWAYS}${rules.bidi ? "" : BIDI}${rules.lines === "one" ? ONE_LINE : ""}]`, "gu");
    PATTERNS.set(key, found);
  }
  return found;
}

/** CRLF (and a CR before a line feed) as LF: a file saved on Windows reads like any other. */
export function normalizeLineBreaks(text: string): string {
  return text.includes("\r\n") ? text.replace(/\r\n/g, "\n") : text;
}

/** The first refused character of `text`, with the count of all of them; undefined when the text is clean. */
export function firstCharProblem(text: string, rules: CharRules): CharProblem | undefined {
  const regex = pattern(rules);
  regex.lastIndex = 0;
  const first = regex.exec(text);
  if (!first) return undefined;
  let count = 1;
  while (regex.exec(text)) count++;
  regex.lastIndex = 0;
  return problemAt(text, first.index, count, rules);
}

/** Every refused character of `text` from `from` on (for a Markdown body or a whole file), in order. */
export function* charProblems(text: string, rules: CharRules, from = 0): Generator<CharProblem> {
  const regex = new RegExp(pattern(rules).source, "gu");
  regex.lastIndex = from;
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    yield problemAt(text, match.index, 1, rules);
  }
}

function problemAt(text: string, index: number, count: number, rules: CharRules): CharProblem {
  const codePoint = text.codePointAt(index) ?? 0;
  const { fix, why } = advice(codePoint, rules);
  return {
    index,
    position: [...text.slice(0, index)].length + 1,
    codePoint,
    label: `${codePointLabel(codePoint)} ${charName(codePoint)}`,
    fix,
    why,
    count,
  };
}

/** `U+000B` */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

const PASTED = "invisible characters like this come with text copied from PDFs, Word or chat tools";

function advice(codePoint: number, rules: CharRules): { fix: string; why: string } {
  if (codePoint === 0x0a || codePoint === 0x2028 || codePoint === 0x2029) {
    return {
      fix: "this text is one line: remove the line break",
      why: "a name, title or label shows on one line; a value written as a `>` or `|` block ends in a line break, `>-` does not",
    };
  }
  if (codePoint === 0x09) {
    return {
      fix: rules.lines === "one" ? "replace it with a space" : "delete it or replace it with a space",
      why: "this text is one line of visible text",
    };
  }
  if (codePoint === 0x0b || codePoint === 0x0c || codePoint === 0x0d || codePoint === 0x85) {
    return { fix: "delete it or replace it with a space", why: `a line or page break from another program: ${PASTED}` };
  }
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) {
    return {
      fix: "delete it",
      why: "text-direction controls make text read differently from what it is (Trojan Source); this field does not allow them",
    };
  }
  if (codePoint === 0xfffd) {
    return {
      fix: "retype the character that was here",
      why: "U+FFFD marks a character lost when the text was read with the wrong encoding",
    };
  }
  if (codePoint === 0xfeff) {
    return { fix: "delete it", why: "a byte-order mark belongs at the start of a file, not inside a text" };
  }
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
    return { fix: "delete it", why: "half of a character (a surrogate without its pair) is not text" };
  }
  if (codePoint > 0x9f) return { fix: "delete it", why: "a noncharacter is never part of a text" };
  return { fix: "delete it", why: PASTED };
}

const C0 = [
  "NULL",
  "START OF HEADING",
  "START OF TEXT",
  "END OF TEXT",
  "END OF TRANSMISSION",
  "ENQUIRY",
  "ACKNOWLEDGE",
  "BELL",
  "BACKSPACE",
  "TAB",
  "LINE FEED",
  "VERTICAL TAB",
  "FORM FEED",
  "CARRIAGE RETURN",
  "SHIFT OUT",
  "SHIFT IN",
  "DATA LINK ESCAPE",
  "DEVICE CONTROL ONE",
  "DEVICE CONTROL TWO",
  "DEVICE CONTROL THREE",
  "DEVICE CONTROL FOUR",
  "NEGATIVE ACKNOWLEDGE",
  "SYNCHRONOUS IDLE",
  "END OF TRANSMISSION BLOCK",
  "CANCEL",
  "END OF MEDIUM",
  "SUBSTITUTE",
  "ESCAPE",
  "FILE SEPARATOR",
  "GROUP SEPARATOR",
  "RECORD SEPARATOR",
  "UNIT SEPARATOR",
];

const C1 = [
  "PADDING CHARACTER",
  "HIGH OCTET PRESET",
  "BREAK PERMITTED HERE",
  "NO BREAK HERE",
  "INDEX",
  "NEXT LINE",
  "START OF SELECTED AREA",
  "END OF SELECTED AREA",
  "CHARACTER TABULATION SET",
  "CHARACTER TABULATION WITH JUSTIFICATION",
  "LINE TABULATION SET",
  "PARTIAL LINE FORWARD",
  "PARTIAL LINE BACKWARD",
  "REVERSE LINE FEED",
  "SINGLE SHIFT TWO",
  "SINGLE SHIFT THREE",
  "DEVICE CONTROL STRING",
  "PRIVATE USE ONE",
  "PRIVATE USE TWO",
  "SET TRANSMIT STATE",
  "CANCEL CHARACTER",
  "MESSAGE WAITING",
  "START OF GUARDED AREA",
  "END OF GUARDED AREA",
  "START OF STRING",
  "SINGLE GRAPHIC CHARACTER INTRODUCER",
  "SINGLE CHARACTER INTRODUCER",
  "CONTROL SEQUENCE INTRODUCER",
  "STRING TERMINATOR",
  "OPERATING SYSTEM COMMAND",
  "PRIVACY MESSAGE",
  "APPLICATION PROGRAM COMMAND",
];

const NAMED: Record<number, string> = {
  127: "DELETE",
  8232: "LINE SEPARATOR",
  8233: "PARAGRAPH SEPARATOR",
  8234: "LEFT-TO-RIGHT EMBEDDING",
  8235: "RIGHT-TO-LEFT EMBEDDING",
  8236: "POP DIRECTIONAL FORMATTING",
  8237: "LEFT-TO-RIGHT OVERRIDE",
  8238: "RIGHT-TO-LEFT OVERRIDE",
  8294: "LEFT-TO-RIGHT ISOLATE",
  8295: "RIGHT-TO-LEFT ISOLATE",
  8296: "FIRST STRONG ISOLATE",
  8297: "POP DIRECTIONAL ISOLATE",
  65279: "BYTE ORDER MARK",
  65533: "REPLACEMENT CHARACTER",
};

/** The Unicode name (or the usual alias) of a character this module refuses. */
export function charName(codePoint: number): string {
  if (codePoint < 0x20) return C0[codePoint] ?? "CONTROL";
  if (codePoint >= 0x80 && codePoint <= 0x9f) return C1[codePoint - 0x80] ?? "CONTROL";
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return "LONE SURROGATE";
  return NAMED[codePoint] ?? "NONCHARACTER";
}
