import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { Command, Option } from "commander";
import type { ContentResult, EarlyBodies } from "../../content/index.ts";
import {
  countBySeverity,
  FORMATS,
  type Format,
  formatDiagnostics,
  UsageError,
  validateContent,
} from "../../content/index.ts";
import { type CliIO, wantsColor } from "../io.ts";

export function validateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command("validate")
    .description("check every data file and article against its schema and the cross-file rules")
    .option("--data <dir>", "folder of the data files", "data")
    .addOption(new Option("--format <format>", "how to print problems").choices(FORMATS).default("pretty"))
    .option("--strict", "a stale translation is an error, not a warning (for CI)")
    .action(async (options: { data: string; format: Format; strict?: boolean }) => {
      const result = await validateDirOrFail(options.data);
      if (options.strict) {
        result.diagnostics = result.diagnostics.map((d) => (d.stale ? { ...d, severity: "error" as const } : d));
      }
      report(io, result, options.format);
      setExit(countBySeverity(result.diagnostics).errors > 0 ? 1 : 0);
    });
}

/** Validates `dir`, or fails as a usage problem when the folder itself is not there. */
export async function validateDirOrFail(dir: string, render = false, early?: EarlyBodies): Promise<ContentResult> {
  const path = resolve(dir);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`data folder not found: ${dir}`);
  return validateContent(path, { render, ...(early ? { early } : {}) });
}

export function report(io: CliIO, result: ContentResult, format: Format): void {
  const sources = result.texts;
  io.stdout.write(
    formatDiagnostics(format, result.diagnostics, {
      color: wantsColor(io.stdout, io.env),
      sources,
      filesChecked: result.filesChecked,
    }),
  );
}
