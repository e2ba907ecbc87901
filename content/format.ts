import { codeFrameColumns } from "@babel/code-frame";
import { createColors } from "picocolors";
import { countBySeverity, type Diagnostic } from "./diagnostic.ts";
import { noWorkflowCommands, terminalSafe, terminalSafeJson } from "./terminal-safe.ts";

export const FORMATS = ["pretty", "json", "github"] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatOptions {
  color: boolean;
  /** Source text by file, for code frames. */
  sources: Map<string, string>;
  filesChecked: number;
}

/**
 * The report in one of the formats. Nothing from the data reaches the
 * terminal raw: control, line-break and bidi characters in paths, messages,
 * hints and code frames are shown as escapes (`\x1b`, `\u202e`), so no line
 * of a pretty or JSON report can start with `::` (a GitHub Actions workflow
 * command); only `--format github` writes those, one per diagnostic.
 */
export function formatDiagnostics(format: Format, diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  switch (format) {
    case "json":
      // "#\u0023[" is the same JSON string as "##[", without the legacy workflow command.
      return `${terminalSafeJson(
        JSON.stringify(
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
        ),
      ).replaceAll("##[", "#\\u0023[")}\n`;
    case "github":
      return diagnostics.map(githubAnnotation).join("");
    case "pretty":
      return noWorkflowCommands(pretty(diagnostics, options));
  }
}

function pretty(diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  const c = createColors(options.color);
  const blocks = diagnostics.map((d) => {
    const severity = d.severity === "error" ? c.red(c.bold("error")) : c.yellow(c.bold("warning"));
    // A path that starts with "::" (a data folder named so) would read as a workflow command.
    const file = terminalSafe(d.file.startsWith("::") ? `./${d.file}` : d.file);
    const path = d.path ? `${c.bold(terminalSafe(d.path))}: ` : "";
    const head = `${c.cyan(`${file}:${d.line}:${d.column}`)} ${severity}  ${path}${terminalSafe(d.message)}`;
    const text = options.sources.get(d.file);
    const frame = text === undefined ? "" : codeFrame(text, d, options.color);
    const hint = d.hint ? `\n   ${c.green("hint:")} ${terminalSafe(d.hint)}` : "";
    return `${head}${frame ? `\n${frame}` : ""}${hint}\n`;
  });
  return `${blocks.join("\n")}${blocks.length ? "\n" : ""}${summary(diagnostics, options.filesChecked)}\n`;
}

/** Lines longer than this (a Markdown paragraph is often one line) are shown as a window around the column. */
const FRAME_WIDTH = 100;

function codeFrame(text: string, d: Diagnostic, color: boolean): string {
  const lines = text.split("\n");
  if (d.line > lines.length) return "";
  // The two lines shown, with what a terminal would act on escaped (tabs kept); columns follow the escapes.
  const raw = lines[d.line - 1] ?? "";
  const lineText = shown(raw);
  const columnOf = (column: number) => shown(raw.slice(0, column - 1)).length + 1;
  let column = columnOf(d.column);
  // Underline the first line of the node only; a caret under a whole block helps no one.
  let endColumn = d.endLine === d.line ? Math.max(columnOf(d.endColumn), column + 1) : lineText.length + 1;
  let above = d.line >= 2 ? shown(lines[d.line - 2] ?? "") : undefined;
  let target = lineText;
  if (lineText.length > FRAME_WIDTH) {
    // Only the lines shown, cropped to the same window.
    const from = Math.max(0, Math.min(column - 1 - 30, lineText.length - FRAME_WIDTH));
    const crop = (line: string) =>
      line.length <= from
        ? ""
        : `${from > 0 ? "…" : ""}${line.slice(from, from + FRAME_WIDTH)}${line.length > from + FRAME_WIDTH ? "…" : ""}`;
    const shift = (from > 0 ? 1 : 0) - from;
    column += shift;
    endColumn = Math.min(endColumn + shift, FRAME_WIDTH + 2);
    above = above === undefined ? undefined : crop(above);
    target = crop(lineText);
  }
  // Empty lines above keep the line numbers.
  const source = `${"\n".repeat(Math.max(0, d.line - 2))}${above === undefined ? "" : `${above}\n`}${target}`;
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

/** A line of a data file as the frame shows it: tabs as they are, anything else a terminal acts on escaped. */
function shown(line: string): string {
  return terminalSafe(line, { lines: true });
}

export function summary(diagnostics: readonly Diagnostic[], filesChecked: number): string {
  const { errors, warnings } = countBySeverity(diagnostics);
  const files = new Set(diagnostics.map((d) => d.file)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (errors === 0 && warnings === 0) return `no errors or warnings (${plural(filesChecked, "file")} checked)`;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")} (${plural(filesChecked, "file")} checked)`;
}

/** GitHub workflow command: the PR shows the message on the file's line. */
function githubAnnotation(d: Diagnostic): string {
  const props = [
    `file=${escapeProperty(terminalSafe(d.file))}`,
    `line=${d.line}`,
    `col=${d.column}`,
    `endLine=${d.endLine}`,
    `endColumn=${d.endColumn}`,
    `title=${escapeProperty(terminalSafe(d.path || d.file))}`,
  ].join(",");
  // Line breaks stay line breaks (escaped as %0A below); anything else a terminal acts on is shown escaped.
  const data = (text: string) =>
    text
      .split("\r")
      .map((part) => terminalSafe(part, { lines: true }))
      .join("\r");
  const message = `${data(d.message)}${d.hint ? `\nhint: ${data(d.hint)}` : ""}`;
  return `::${d.severity} ${props}::${escapeData(message)}\n`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
