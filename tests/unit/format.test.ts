import { describe, expect, it } from "vitest";
import { wantsColor } from "../../cli/io.ts";
import type { Diagnostic } from "../../cli/lib/diagnostic.ts";
import { formatDiagnostics, summary } from "../../cli/lib/format.ts";

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
    ["nothing found", [], 11, "0 errors, 0 warnings in 0 files (11 files checked)"],
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
});
