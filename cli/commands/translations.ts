import { resolve } from "node:path";
import { Command, Option } from "commander";
import type { ContentResult } from "../../content/index.ts";
import { acceptTranslations, articlesStatus, terminalSafe, UsageError } from "../../content/index.ts";
import { sourceHash } from "../../schemas/hash.ts";
import { acceptCommand } from "../../schemas/rules/translation-staleness.ts";
import { formatPath } from "../../schemas/suggest.ts";
import { TRANSLATED_FILES, translatableTexts } from "../../schemas/translation-files.ts";
import type { CliIO } from "../io.ts";
import { validateDirOrFail } from "./validate.ts";

export interface FileStatus {
  file: string;
  texts: number;
  translated: number;
  stale: number;
  missing: number;
  /** The translation file has errors of its own (`npm run validate` says which). */
  invalid?: boolean;
}

/** How far each translation file of a language is: translated and current, stale (or never accepted), missing. */
export function translationStatus(result: ContentResult, code: string): FileStatus[] {
  const locale = result.translations.find((l) => l.code === code);
  return TRANSLATED_FILES.flatMap((entry) => {
    const english = result.data[entry.key];
    if (english === undefined || !locale) return [];
    const texts = translatableTexts(entry.schema, english);
    const file = `data/${code}/${entry.file}`;
    const german = locale.files[entry.key];
    if (german === undefined) {
      const invalid = !locale.absent.includes(entry.key);
      return [
        { file, texts: texts.length, translated: 0, stale: 0, missing: texts.length, ...(invalid ? { invalid } : {}) },
      ];
    }
    const lock = locale.locks?.[entry.key] ?? {};
    let missing = 0;
    let stale = 0;
    for (const { path, text } of texts) {
      const value = path.reduce<unknown>(
        (node, segment) => (node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined),
        german,
      );
      if (typeof value !== "string") missing++;
      else if (lock[formatPath(path)]?.hash !== sourceHash(text)) stale++;
    }
    return [{ file, texts: texts.length, translated: texts.length - missing - stale, stale, missing }];
  });
}

export function translationsCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command("translations")
    .description(
      "report per language and file how much is translated, stale and missing; `accept` marks translations current",
    )
    .option("--data <dir>", "folder of the data files", "data")
    .addOption(new Option("--format <format>", "how to print the report").choices(["pretty", "json"]).default("pretty"))
    .action(async (options: { data: string; format: "pretty" | "json" }) => {
      const result = await validateDirOrFail(options.data);
      const report = result.translations.map((locale) => {
        const articles = articlesStatus(result, locale.code);
        return {
          code: locale.code,
          files: translationStatus(result, locale.code),
          articles: articles.rows,
          untranslatedArticles: articles.untranslated,
        };
      });
      if (options.format === "json") io.stdout.write(`${JSON.stringify({ locales: report }, null, 2)}\n`);
      else io.stdout.write(prettyReport(report));
      setExit(0);
    });
  command.addCommand(acceptSubcommand(io, setExit));
  return command;
}

function prettyReport(
  report: { code: string; files: FileStatus[]; articles: FileStatus[]; untranslatedArticles: string[] }[],
): string {
  const lines: string[] = [];
  for (const locale of report) {
    const rows = [...locale.files, ...locale.articles];
    const width = Math.max(...rows.map((r) => r.file.length), 4);
    const total = rows.reduce(
      (sum, r) => ({
        texts: sum.texts + r.texts,
        translated: sum.translated + r.translated,
        stale: sum.stale + r.stale,
        missing: sum.missing + r.missing,
      }),
      { texts: 0, translated: 0, stale: 0, missing: 0 },
    );
    lines.push(
      `${locale.code}: ${total.translated} of ${total.texts} texts translated and current, ${total.stale} stale, ${total.missing} missing`,
    );
    lines.push(`  ${"file".padEnd(width)}  translated  stale  missing`);
    for (const r of rows) {
      const note = r.invalid ? "  (has errors: npm run validate)" : "";
      lines.push(
        `  ${terminalSafe(r.file).padEnd(width)}  ${`${r.translated}/${r.texts}`.padStart(10)}  ${String(r.stale).padStart(5)}  ${String(r.missing).padStart(7)}${note}`,
      );
    }
    if (locale.untranslatedArticles.length) {
      lines.push(
        `  articles without a ${locale.code} translation (no ${locale.code} page): ${locale.untranslatedArticles.join(", ")}`,
      );
    }
    lines.push("");
  }
  return `${lines.join("\n")}`;
}

function acceptSubcommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command("accept")
    .description(
      "mark translations current after review: a text (home.hero.heading), a file (home, data/de/home.yaml), an article (insights/crm-hygiene) or --all",
    )
    .argument("<language>", "the language's code, like de")
    .argument("[targets...]", "texts, files or articles to accept")
    .option("--all", "every translated text and article of the language")
    .action(async (code: string, targets: string[], own: { all?: boolean }, command: Command) => {
      // --data is the parent's option (`translations --data x accept …` and `translations accept … --data x` alike).
      const options = { ...(command.optsWithGlobals() as { data: string }), ...own };
      if (!options.all && targets.length === 0)
        throw new UsageError("name what to accept (like home.hero.heading), or --all");
      await validateDirOrFail(options.data); // a folder that is not there: a usage error, said so
      const accepted = await acceptTranslations(resolve(options.data), code, options.all ? "all" : targets, (line) =>
        io.stdout.write(`${terminalSafe(line)}\n`),
      );
      if (accepted === 0) io.stdout.write(`nothing to accept (${acceptCommand(code, "--all")} accepts every text)\n`);
      setExit(0);
    });
}
