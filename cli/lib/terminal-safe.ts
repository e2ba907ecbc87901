/**
 * Characters a terminal acts on or that reorder what the reader sees: C0
 * controls, DEL, C1 controls (0x9B is a one-byte CSI), line and paragraph
 * separators, bidi embeddings, overrides, isolates and marks.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
/** The same, minus what JSON.stringify already escapes (C0, which it writes as \n, \u001b, …). */
const UNSAFE_IN_JSON = /[\x7F-\x9F\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const hex = (char: string, width: number) => (char.codePointAt(0) ?? 0).toString(16).padStart(width, "0");

/**
 * Text from a visitor, safe to print on a terminal: every unsafe character
 * shown as an escape (`\x1b`, `\u202e`) instead of being acted on. With
 * `lines`, line breaks and tabs stay as they are (multi-line output).
 */
export function terminalSafe(text: string, { lines = false } = {}): string {
  return text.replace(UNSAFE, (char) => {
    if (lines && (char === "\n" || char === "\t")) return char;
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    return char <= "\xff" ? `\\x${hex(char, 2)}` : `\\u${hex(char, 4)}`;
  });
}

/** JSON text with the characters JSON.stringify leaves raw written as \uXXXX escapes: the same value, safe to print. */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (char) => `\\u${hex(char, 4)}`);
}

/**
 * Output that cannot act as a GitHub Actions workflow command: the runner
 * reads a line whose text (after leading spaces) starts with `::`, and the
 * legacy form `##[` anywhere in a line. Such a line gets its first `:` as
 * `\x3a`, and `##[` becomes `#\x23[`. For everything the CLI prints except
 * the annotations `--format github` writes on purpose.
 */
export function noWorkflowCommands(text: string): string {
  return text.replace(/^([ \t]*):(?=:)/gm, "$1\\x3a").replaceAll("##[", "#\\x23[");
}
