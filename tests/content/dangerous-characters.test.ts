// The dangerous characters live once (schemas/characters.ts): the CLI's terminal
// output, the server's log and the inquiry form's one-line fields treat every one
// of them alike, whichever of the four places meets it.
import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../content/terminal-safe.ts";
import { scrub } from "../../inquiries/log-text.ts";
import { BIDI_MARKS, BIDI_REORDERING, CONTROLS, escapeChar, SEPARATORS } from "../../schemas/characters.ts";

/** Every character of a regular-expression class source like `\\0-\\x08\\u202A-\\u202E`. */
function members(source: string): string[] {
  const unescaped = JSON.parse(`"${source.replace(/\\x([0-9A-Fa-f]{2})/g, "\\u00$1").replace(/\\0/g, "\\u0000")}"`);
  const out: string[] = [];
  const chars = [...unescaped];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i] ?? "";
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined) {
      const to = chars[i + 2] ?? "";
      for (let code = from.codePointAt(0) ?? 0; code <= (to.codePointAt(0) ?? 0); code++)
        out.push(String.fromCodePoint(code));
      i += 2;
    } else out.push(from);
  }
  return out;
}

const UNSAFE = [CONTROLS, SEPARATORS, BIDI_REORDERING, BIDI_MARKS].flatMap(members);

describe("the dangerous characters, from one list", () => {
  it("the list has the C0 and C1 controls, DEL, the separators and every bidi control and mark", () => {
    expect(UNSAFE).toContain("\u001b");
    expect(UNSAFE).toContain("\u009b");
    expect(UNSAFE).toContain("\u007f");
    expect(UNSAFE).toContain("\u2028");
    expect(UNSAFE).toContain("\u202e");
    expect(UNSAFE).toContain("\u2066");
    expect(UNSAFE).toContain("\u200f");
    expect(UNSAFE).not.toContain("\n");
    expect(UNSAFE).toHaveLength(30 + 33 + 2 + 9 + 3);
  });

  it("reach neither a terminal nor the log raw: each is written as its escape", () => {
    for (const char of UNSAFE) {
      const shown = char === "\r" ? "\\r" : escapeChar(char); // a carriage return reads as \r on a terminal
      expect(terminalSafe(`a${char}b`), shown).toBe(`a${shown}b`);
      expect(scrub(`a${char}b`), escapeChar(char)).toBe(`a${escapeChar(char)}b`);
    }
  });
});
