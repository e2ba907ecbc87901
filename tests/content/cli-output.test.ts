import { describe, expect, it } from "vitest";
import { wantsColor } from "../../cli/io.ts";
import type { Diagnostic } from "../../content/diagnostic.ts";
import { formatDiagnostics, summary } from "../../content/format.ts";
import { noWorkflowCommands } from "../../content/terminal-safe.ts";
import { TERMINAL_CONTROLS } from "../support/cli.ts";

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[`);

describe("wantsColor", () => {
  const tty = { write: () => true, isTTY: true };
  const pipe = { write: () => true };
  it.each([
    ["a terminal", tty, {}, true],
    ["a pipe", pipe, {}, false],
    ["a terminal with NO_COLOR", tty, { NO_COLOR: "1" }, false],
    ["a terminal with an empty NO_COLOR (unset, per no-color.org)", tty, { NO_COLOR: "" }, true],
    ["a pipe with FORCE_COLOR", pipe, { FORCE_COLOR: "1" }, true],
    ["a pipe with FORCE_COLOR=0", pipe, { FORCE_COLOR: "0" }, false],
    ["a terminal with FORCE_COLOR=0", tty, { FORCE_COLOR: "0" }, true],
    ["NO_COLOR wins over FORCE_COLOR", tty, { NO_COLOR: "1", FORCE_COLOR: "1" }, false],
  ])("%s", (_name, stream, env, expected) => {
    expect(wantsColor(stream, env)).toBe(expected);
  });
});

describe("summary", () => {
  const d = (file: string, severity: Diagnostic["severity"]): Diagnostic => ({
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
    severity,
    path: "",
    message: "m",
  });
  it.each([
    ["nothing found", [], 11, "no errors or warnings (11 files checked)"],
    [
      "one of each in one file",
      [d("a", "error"), d("a", "warning")],
      11,
      "1 error, 1 warning in 1 file (11 files checked)",
    ],
    [
      "several in two files",
      [d("a", "error"), d("b", "error"), d("b", "warning"), d("b", "warning")],
      1,
      "2 errors, 2 warnings in 2 files (1 file checked)",
    ],
  ])("%s", (_name, diagnostics, checked, expected) => {
    expect(summary(diagnostics, checked)).toBe(expected);
  });
});

describe("formatDiagnostics", () => {
  const source = "consultants:\n  - slug: a\n    arrRange: 2-25\n";
  const diagnostic: Diagnostic = {
    file: "data/consultants.yaml",
    line: 3,
    column: 15,
    endLine: 3,
    endColumn: 19,
    severity: "error",
    path: "consultants[0].arrRange",
    message: 'must be a range like "2M-25M", got "2-25"',
    hint: "write both ends in millions, like 2M-25M",
  };
  const options = { color: false, sources: new Map([["data/consultants.yaml", source]]), filesChecked: 11 };

  it("pretty: head, code frame with a caret under the value, hint, summary", () => {
    expect(formatDiagnostics("pretty", [diagnostic], options)).toBe(
      [
        'data/consultants.yaml:3:15 error  consultants[0].arrRange: must be a range like "2M-25M", got "2-25"',
        "    2 |   - slug: a",
        "  > 3 |     arrRange: 2-25",
        "      |               ^^^^",
        "   hint: write both ends in millions, like 2M-25M",
        "",
        "1 error, 0 warnings in 1 file (11 files checked)",
        "",
      ].join("\n"),
    );
  });

  it("pretty: a long line (a Markdown paragraph) is shown as a window around the column", () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const line = `${words} [a link](/abut) ${words}`;
    const column = line.indexOf("/abut") + 1;
    const long: Diagnostic = {
      file: "data/insights/a.md",
      line: 2,
      column,
      endLine: 2,
      endColumn: column + 5,
      severity: "error",
      path: "",
      message: "m",
    };
    const text = formatDiagnostics("pretty", [long], {
      ...options,
      sources: new Map([["data/insights/a.md", `short\n${line}\n`]]),
    });
    const [head, above, target, carets] = text.split("\n");
    expect(head).toBe(`data/insights/a.md:2:${column} error  m`);
    expect(above).toBe("    1 |");
    expect(target?.startsWith("  > 2 | …")).toBe(true);
    expect(target?.endsWith("…")).toBe(true);
    expect(target?.length).toBeLessThan(120);
    // The carets sit exactly under the href in the window.
    const at = (carets ?? "").indexOf("^");
    expect(target?.slice(at, at + 5)).toBe("/abut");
    expect((carets ?? "").trim().replace("|", "").trim()).toBe("^^^^^");
  });

  it("pretty: colour only when asked", () => {
    expect(formatDiagnostics("pretty", [diagnostic], options)).not.toMatch(ANSI);
    expect(formatDiagnostics("pretty", [diagnostic], { ...options, color: true })).toMatch(ANSI);
  });

  it("json: every field, hint null when there is none", () => {
    const { hint: _hint, ...withoutHint } = diagnostic;
    expect(JSON.parse(formatDiagnostics("json", [diagnostic, withoutHint], options))).toEqual([
      { ...diagnostic },
      { ...withoutHint, hint: null },
    ]);
  });

  it("github: one workflow command per line, with its properties and data escaped", () => {
    const tricky: Diagnostic = { ...diagnostic, file: "data/a,b:c.yaml", message: "100% wrong\r\nreally" };
    expect(formatDiagnostics("github", [tricky], options)).toBe(
      "::error file=data/a%2Cb%3Ac.yaml,line=3,col=15,endLine=3,endColumn=19,title=consultants[0].arrRange" +
        "::100%25 wrong%0D%0Areally%0Ahint: write both ends in millions, like 2M-25M\n",
    );
  });

  it("pretty: what a terminal acts on is shown escaped in the message, the hint and the frame; the caret follows", () => {
    const text = "a:\n  b\u001b]0;x\u0007c: \u202Evalue\u000b\n";
    const hostile: Diagnostic = {
      ...diagnostic,
      file: "data/x.yaml",
      line: 2,
      column: 13,
      endLine: 2,
      endColumn: 14,
      path: "b\u001b]0;x\u0007c",
      message: "unknown key `b\u001b]0;x\u0007c`\n::error::forged",
      hint: "did you mean \u202E`b`?",
    };
    const out = formatDiagnostics("pretty", [hostile], { ...options, sources: new Map([["data/x.yaml", text]]) });
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    expect(out).not.toMatch(/[\u202a-\u202e]/);
    const lines = out.split("\n");
    expect(lines[0]).toBe("data/x.yaml:2:13 error  b\\x1b]0;x\\x07c: unknown key `b\\x1b]0;x\\x07c`\\n::error::forged");
    expect(lines[2]).toBe("  > 2 |   b\\x1b]0;x\\x07c: \\u202evalue\\x0b");
    // Column 13 is the U+202E: the carets sit under its escape.
    const caret = (lines[3] ?? "").indexOf("^");
    expect(lines[2]?.slice(caret, caret + 6)).toBe("\\u202e");
    expect(lines[3]?.trimEnd().endsWith("^^^^^^")).toBe(true);
    expect(lines[4]).toBe("   hint: did you mean \\u202e`b`?");
  });

  it("github: control characters in the data are escaped, line breaks kept as %0A", () => {
    const hostile: Diagnostic = { ...diagnostic, message: "a\u001b[2Jb\nc", hint: "\u0007" };
    expect(formatDiagnostics("github", [hostile], options)).toBe(
      "::error file=data/consultants.yaml,line=3,col=15,endLine=3,endColumn=19,title=consultants[0].arrRange" +
        "::a\\x1b[2Jb%0Ac%0Ahint: \\x07\n",
    );
  });
});

describe("noWorkflowCommands", () => {
  it.each([
    ["::error::x", "\\x3a:error::x"],
    ["  ::warning file=a::b", "  \\x3a:warning file=a::b"],
    ["ok\n\t::set-output name=a::b\nok", "ok\n\t\\x3a:set-output name=a::b\nok"],
    ["a ##[error]b", "a #\\x23[error]b"],
    ["a :: b, file.yaml:3:1", "a :: b, file.yaml:3:1"],
  ])("%j", (input, expected) => {
    expect(noWorkflowCommands(input)).toBe(expected);
  });
});
