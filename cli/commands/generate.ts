import { resolve } from "node:path";
import { Command, Option } from "commander";
import {
  countBySeverity,
  displayPath,
  EarlyBodies,
  FORMATS,
  type Format,
  GENERATE_DEFAULTS,
  generateMemory,
  terminalSafe,
  writeGenerated,
} from "../../content/index.ts";
import type { CliIO } from "../io.ts";
import { report, validateDirOrFail } from "./validate.ts";

export function generateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command("generate")
    .description("validate, then write typed modules for the site (nothing is written when the data has errors)")
    .option("--data <dir>", "folder of the data files", GENERATE_DEFAULTS.data)
    .option("--out <dir>", "folder for the generated modules", GENERATE_DEFAULTS.out)
    .addOption(
      new Option("--format <format>", "how to print problems").choices(FORMATS).default(GENERATE_DEFAULTS.format),
    )
    .action(async (options: { data: string; out: string; format: Format }) => {
      const memory = generateMemory(options);
      const said = memory.unchanged();
      if (said !== undefined) {
        io.stdout.write(said);
        setExit(0);
        return;
      }
      const out = resolve(options.out);
      // The published articles' bodies are written as the threads check them; removed again if nothing is generated.
      const early = new EarlyBodies(out);
      const result = await validateDirOrFail(options.data, true, early).catch((error: unknown) => {
        early.discard();
        throw error;
      });
      const { errors } = countBySeverity(result.diagnostics);
      if (errors > 0 || result.diagnostics.length > 0) report(io, result, options.format);
      if (errors > 0) {
        early.discard();
        io.stderr.write(`nothing generated: fix the ${errors === 1 ? "error" : `${errors} errors`} above first\n`);
        setExit(1);
        return;
      }
      const { modules, published, translated, changed } = await writeGenerated(result, out, { early });
      // Said again as it was, "(0 changed)" included, by a run that finds nothing changed.
      const summary =
        options.format === "pretty"
          ? `generated ${modules} modules${published ? ` and ${published} article${published === 1 ? "" : "s"}` : ""}${translated ? ` and ${translated} translated article${translated === 1 ? "" : "s"}` : ""} in ${terminalSafe(displayPath(out))} (0 changed)\n`
          : "";
      io.stdout.write(summary.replace("(0 changed)", `(${changed} changed)`));
      if (result.diagnostics.length === 0) memory.remember(summary);
      setExit(0);
    });
}
