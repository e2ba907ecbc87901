import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Command, Option } from "commander";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { displayPath, terminalSafe, terminalSafeJson, UsageError, writeIfChanged } from "../../content/index.ts";
import { splitPrefix } from "../../schemas/locale-paths.ts";
import { LocalesSchema } from "../../schemas/locales.ts";
import { buildReport, conversion, type InquiryOrigin, type Report } from "../../visits/report.ts";
import type { DayRange } from "../../visits/store.ts";
import type { CliIO } from "../io.ts";
import { openStoreFor, type StoreOptions, storeLocation, storeOptions } from "../lib/store-location.ts";

const DAY_MS = 86_400_000;
/** The range when --since is not given: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** Ten years: a range longer than the counts are ever kept is a typo. */
const MAX_DAYS = 3660;

const Day = z.iso.date();

type StatsOptions = StoreOptions & {
  since?: string;
  until?: string;
  format: "pretty" | "json" | "html";
  out?: string;
  data: string;
};

/** `inquiries stats`: page views and the inquiries they led to, per page, referrer, campaign and day. */
export function statsCommand(io: CliIO, setExit: (code: number) => void): Command {
  const [dbOption, databaseOption] = storeOptions(io);
  return new Command("stats")
    .description(
      "page views and the inquiries they led to: pages, referrers, campaigns and days (counted with nothing that identifies a visitor)",
    )
    .addOption(
      new Option("--since <date>", `first day (YYYY-MM-DD, UTC); default ${DEFAULT_DAYS - 1} days before --until`),
    )
    .addOption(new Option("--until <date>", "last day (YYYY-MM-DD, UTC); default today"))
    .addOption(
      new Option("--format <format>", "how to print the report").choices(["pretty", "json", "html"]).default("pretty"),
    )
    .addOption(new Option("--out <file>", "write the report to this file instead of standard output (html needs it)"))
    .addOption(dbOption())
    .addOption(databaseOption())
    .addOption(new Option("--data <dir>", "folder of the data files, for the site's languages").default("data"))
    .action(async (options: StatsOptions) => {
      if (options.format === "html" && options.out === undefined) {
        throw new UsageError("--format html writes a page: give it a file with --out report.html");
      }
      const range = rangeOf(options, new Date());
      const report = await readReport(options, range, await englishPageIn(options.data, io));
      const text =
        options.format === "json"
          ? `${JSON.stringify(report, null, 2)}\n`
          : options.format === "html"
            ? (await import("../../visits/report-html.ts")).reportHtml(report, new Date())
            : pretty(report);
      if (options.out !== undefined) {
        await writeIfChanged(resolve(options.out), text);
        io.stdout.write(
          `wrote the report of ${report.from} to ${report.to} to ${terminalSafe(displayPath(resolve(options.out)))}\n`,
        );
      } else io.stdout.write(options.format === "json" ? terminalSafeJson(text) : text);
      setExit(0);
    });
}

/** The days the options ask for, checked: a clear error for a bad date or an empty or endless range. */
export function rangeOf(options: { since?: string; until?: string }, now: Date): DayRange {
  const day = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    if (!Day.safeParse(text).success) {
      throw new UsageError(`${flag}: expected a date like 2026-01-31, got "${terminalSafe(text)}"`);
    }
    return text;
  };
  const to = day("--until", options.until) ?? now.toISOString().slice(0, 10);
  const from =
    day("--since", options.since) ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw new UsageError(`--since ${from} is after --until ${to}`);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_DAYS) {
    throw new UsageError(`from ${from} to ${to} is more than ${MAX_DAYS} days; ask for a shorter range`);
  }
  return { from, to };
}

/** The counts and the inquiries of the range, from the store the options name (none yet: an empty report). */
async function readReport(
  options: StoreOptions,
  range: DayRange,
  englishPage: (path: string) => string,
): Promise<Report> {
  const inquiryStore = await openStoreFor(options);
  if (!inquiryStore) return buildReport(range, [], [], englishPage);
  let inquiries: InquiryOrigin[];
  try {
    inquiries = await inquiryStore.list(new Date(`${range.from}T00:00:00Z`));
  } finally {
    await inquiryStore.close();
  }
  const { openVisitStore } = await import("../../visits/open-store.ts");
  const visitStore = await openVisitStore(storeLocation(options));
  try {
    return buildReport(range, await visitStore.counts(range), inquiries, englishPage);
  } finally {
    await visitStore.close();
  }
}

/** Maps "/de/about" to "/about" with the languages of data/locales.yaml; without them, paths stay as they are. */
async function englishPageIn(dir: string, io: CliIO): Promise<(path: string) => string> {
  const file = join(resolve(dir), "locales.yaml");
  try {
    const locales = LocalesSchema.parse(parseYaml(await readFile(file, "utf8"))).locales;
    return (path) => splitPrefix(locales, path).path;
  } catch {
    io.stderr.write(
      `note: pages are not grouped by language: ${displayPath(file)} cannot be read (run \`npm run validate\`)\n`,
    );
    return (path) => path;
  }
}

const n = new Intl.NumberFormat("en-GB");
const pct = (row: { visits: number; inquiries: number }) => {
  const value = conversion(row);
  return value === undefined ? "–" : `${(value * 100).toFixed(1)} %`;
};

/** Columns of text, the first left-aligned, the rest right-aligned; every cell escaped for the terminal. */
function columns(heads: string[], rows: string[][]): string {
  if (rows.length === 0) return "  none in this period\n";
  const cells = [heads, ...rows].map((row) => row.map((cell) => terminalSafe(cell)));
  const widths = heads.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  return cells
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .map((line) => `  ${line}\n`)
    .join("");
}

function pretty(report: Report): string {
  const { totals } = report;
  const parts = [
    `Views and inquiries, ${report.from} to ${report.to} (UTC days)\n`,
    `  ${n.format(totals.views)} page views, ${n.format(totals.visits)} visits, ${n.format(totals.inquiries)} ${totals.inquiries === 1 ? "inquiry" : "inquiries"} (${pct(totals)} of visits)\n`,
    "\nPages by views (inquiries: of visits that landed there)\n",
    columns(
      ["page", "views", "visits", "inquiries", "conversion", "languages"],
      report.pages.map((p) => [
        p.path,
        n.format(p.views),
        n.format(p.visits),
        n.format(p.inquiries),
        pct(p),
        Object.entries(p.languages)
          .map(([language, views]) => `${language} ${n.format(views)}`)
          .join(", "),
      ]),
    ),
    "\nLanding pages that led to inquiries\n",
    columns(
      ["page", "inquiries", "visits"],
      report.pages
        .filter((p) => p.inquiries > 0)
        .sort((a, b) => b.inquiries - a.inquiries)
        .map((p) => [p.path, n.format(p.inquiries), n.format(p.visits)]),
    ),
    "\nReferrers\n",
    columns(
      ["site", "visits", "inquiries"],
      report.referrers.map((r) => [r.host, n.format(r.views), n.format(r.inquiries)]),
    ),
    "\nCampaigns (utm_source / utm_medium / utm_campaign)\n",
    columns(
      ["campaign", "visits", "inquiries"],
      report.campaigns.map((c) => [
        [c.source, c.medium, c.campaign].map((part) => part || "–").join(" / "),
        n.format(c.views),
        n.format(c.inquiries),
      ]),
    ),
    "\nDays\n",
    columns(
      ["day", "views", "inquiries"],
      report.days.map((d) => [d.date, n.format(d.views), n.format(d.inquiries)]),
    ),
  ];
  return parts.join("");
}
