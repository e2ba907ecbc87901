import { codeFrameColumns } from "@babel/code-frame";
import { createColors } from "picocolors";
import { countBySeverity, type Diagnostic } from "./diagnostic.ts";

export const FORMATS = ["pretty", "json", "github"] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatOptions {
  color: boolean;
  /** Source text by file, for code frames. */
  sources: Map<string, string>;
  filesChecked: number;
}

export function formatDiagnostics(format: Format, diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(
        diagnostics.map((d) => ({
          file: d.file,
          line: d.line,
          column: d.column,
          endLine: d.endLine,
          endColumn: d.endColumn,
          severity: d.severity,
          path: d.path,
          message: d.message,
          hint: d.hint ?? null,
        })),
        null,
        2,
      )}\n`;
    case "github":
      return diagnostics.map(githubAnnotation).join("");
    case "pretty":
      return pretty(diagnostics, options);
  }
}

function pretty(diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  const c = createColors(options.color);
  const blocks = diagnostics.map((d) => {
    const severity = d.severity === "error" ? c.red(c.bold("error")) : c.yellow(c.bold("warning"));
    const head = `${c.cyan(`${d.file}:${d.line}:${d.column}`)} ${severity}  ${d.path ? `${c.bold(d.path)}: ` : ""}${d.message}`;
    const text = options.sources.get(d.file);
    const frame = text === undefined ? "" : codeFrame(text, d, options.color);
    const hint = d.hint ? `\n   ${c.green("hint:")} ${d.hint}` : "";
    return `${head}${frame ? `\n${frame}` : ""}${hint}\n`;
  });
  return `${blocks.join("\n")}${blocks.length ? "\n" : ""}${summary(diagnostics, options.filesChecked)}\n`;
}

/** Lines longer than this (a Markdown paragraph is often one line) are shown as a window around the column. */
const FRAME_WIDTH = 100;

function codeFrame(text: string, d: Diagnostic, color: boolean): string {
  const lines = text.split("\n");
  if (d.line > lines.length) return "";
  const lineText = lines[d.line - 1] ?? "";
  // Underline the first line of the node only; a caret under a whole block helps no one.
  let endColumn = d.endLine === d.line ? Math.max(d.endColumn, d.column + 1) : lineText.length + 1;
  let column = d.column;
  let source = text;
  if (lineText.length > FRAME_WIDTH) {
    // Only the lines shown, cropped to the same window; empty lines above keep the line numbers.
    const from = Math.max(0, Math.min(column - 1 - 30, lineText.length - FRAME_WIDTH));
    const crop = (line: string) =>
      line.length <= from
        ? ""
        : `${from > 0 ? "…" : ""}${line.slice(from, from + FRAME_WIDTH)}${line.length > from + FRAME_WIDTH ? "…" : ""}`;
    const shift = (from > 0 ? 1 : 0) - from;
    column += shift;
    endColumn = Math.min(endColumn + shift, FRAME_WIDTH + 2);
    const above = d.line >= 2 ? crop(lines[d.line - 2] ?? "") : undefined;
    source = `${"\n".repeat(Math.max(0, d.line - 2))}${above === undefined ? "" : `${above}\n`}${crop(lineText)}`;
  }
  const frame = codeFrameColumns(
    source,
    { start: { line: d.line, column }, end: { line: d.line, column: Math.max(endColumn, column + 1) } },
    { linesAbove: 1, linesBelow: 0, highlightCode: false, forceColor: color },
  );
  return frame
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

export function summary(diagnostics: readonly Diagnostic[], filesChecked: number): string {
  const { errors, warnings } = countBySeverity(diagnostics);
  const files = new Set(diagnostics.map((d) => d.file)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")} (${plural(filesChecked, "file")} checked)`;
}

/** GitHub workflow command: the PR shows the message on the file's line. */
function githubAnnotation(d: Diagnostic): string {
  const props = [
    `file=${escapeProperty(d.file)}`,
    `line=${d.line}`,
    `col=${d.column}`,
    `endLine=${d.endLine}`,
    `endColumn=${d.endColumn}`,
    `title=${escapeProperty(d.path || d.file)}`,
  ].join(",");
  const message = `${d.message}${d.hint ? `\nhint: ${d.hint}` : ""}`;
  return `::${d.severity} ${props}::${escapeData(message)}\n`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
