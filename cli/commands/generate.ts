import { join, resolve } from "node:path";
import { Command, Option } from "commander";
import type { DataSet } from "../../schemas/index.ts";
import type { CliIO } from "../io.ts";
import { publishedArticles, writeArticleBodies } from "../lib/articles/module.ts";
import { countBySeverity } from "../lib/diagnostic.ts";
import { FORMATS, type Format } from "../lib/format.ts";
import { otherLocales, renderModules } from "../lib/generate.ts";
import { displayPath } from "../lib/load.ts";
import { terminalSafe } from "../lib/terminal-safe.ts";
import { writeIfChanged } from "../lib/write.ts";
import { report, validateDirOrFail } from "./validate.ts";

export function generateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command("generate")
    .description("validate, then write typed modules for the site (nothing is written when the data has errors)")
    .option("--data <dir>", "folder of the data files", "data")
    .option("--out <dir>", "folder for the generated modules", "site/generated")
    .addOption(new Option("--format <format>", "how to print problems").choices(FORMATS).default("pretty"))
    .action(async (options: { data: string; out: string; format: Format }) => {
      const result = await validateDirOrFail(options.data, true);
      const { errors } = countBySeverity(result.diagnostics);
      if (errors > 0 || result.diagnostics.length > 0) report(io, result, options.format);
      if (errors > 0) {
        io.stderr.write(`nothing generated: fix the ${errors === 1 ? "error" : `${errors} errors`} above first\n`);
        setExit(1);
        return;
      }
      const out = resolve(options.out);
      const data = result.data as DataSet;
      const others = otherLocales(result);
      const modules = renderModules(data, result.articles, others);
      let changed = 0;
      for (const module of modules) {
        if (await writeIfChanged(join(out, module.name), module.content)) changed++;
      }
      const published = publishedArticles(result.articles);
      const articlesDir = join(out, "articles");
      changed += writeArticleBodies(articlesDir, published);
      let translatedCount = 0;
      for (const other of others) {
        const translated = publishedArticles(other.articles);
        translatedCount += translated.length;
        changed += writeArticleBodies(join(out, other.code, "articles"), translated);
      }
      if (options.format === "pretty") {
        io.stdout.write(
          `generated ${modules.length} modules${published.length ? ` and ${published.length} article${published.length === 1 ? "" : "s"}` : ""}${translatedCount ? ` and ${translatedCount} translated article${translatedCount === 1 ? "" : "s"}` : ""} in ${terminalSafe(displayPath(out))} (${changed} changed)\n`,
        );
      }
      setExit(0);
    });
}
