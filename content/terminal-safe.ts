import { BIDI_MARKS, BIDI_REORDERING, escapeUnsafe, SEPARATORS } from "../schemas/characters.ts";

/** What JSON.stringify leaves raw of the characters unsafe to print (it escapes C0 itself, as \n, \u001b, …). */
const UNSAFE_IN_JSON = new RegExp(`[\\x7F-\\x9F${SEPARATORS}${BIDI_REORDERING}${BIDI_MARKS}]`, "g");

/**
 * Text from a visitor, safe to print on a terminal: every unsafe character
 * (schemas/characters.ts) shown as an escape (`\x1b`, `\u202e`) instead of
 * being acted on. With `lines`, line breaks and tabs stay as they are.
 */
export function terminalSafe(text: string, { lines = false } = {}): string {
  return escapeUnsafe(text, (char) => {
    if (lines && (char === "\n" || char === "\t")) return char;
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    return undefined;
  });
}

/** JSON text with the characters JSON.stringify leaves raw written as \uXXXX escapes: the same value, safe to print. */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
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
