import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { z } from "zod";
import type { StoredInquiry } from "../../inquiries/store.ts";
import type { CliIO } from "../io.ts";
import { UsageError } from "../lib/diagnostic.ts";
import { terminalSafe, terminalSafeJson } from "../lib/terminal-safe.ts";

const COLUMNS: (keyof StoredInquiry)[] = [
  "id",
  "receivedAt",
  "kind",
  "name",
  "email",
  "company",
  "role",
  "arr",
  "industry",
  "timeline",
  "challenges",
  "objectives",
  "message",
];

const Since = z.iso
  .date()
  .or(z.iso.datetime({ offset: true }))
  .transform((text) => new Date(text));

/** `inquiries list` and `inquiries export`: how the firm reads what arrived. */
export function inquiriesCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command("inquiries").description("read the inquiries the server has stored");
  const dbOption = () =>
    new Option("--db <file>", "SQLite file of inquiries").default(
      io.env.INQUIRY_DB ?? "var/inquiries.db",
      "$INQUIRY_DB or var/inquiries.db",
    );
  const sinceOption = () =>
    new Option("--since <date>", "only inquiries received on or after this date (YYYY-MM-DD or ISO time)");

  command
    .command("list")
    .description("a table of the inquiries, oldest first")
    .addOption(dbOption())
    .addOption(sinceOption())
    .action(async (options: { db: string; since?: string }) => {
      const rows = await read(options.db, options.since);
      if (rows.length === 0) {
        io.stdout.write("no inquiries yet\n");
      } else {
        io.stdout.write(table(rows));
        io.stdout.write(`${rows.length} inquir${rows.length === 1 ? "y" : "ies"}\n`);
      }
      setExit(0);
    });

  command
    .command("export")
    .description("all fields of the inquiries as CSV or JSON, on standard output")
    .addOption(new Option("--format <format>", "output format").choices(["csv", "json"]).default("csv"))
    .addOption(dbOption())
    .addOption(sinceOption())
    .action(async (options: { db: string; since?: string; format: "csv" | "json" }) => {
      const rows = await read(options.db, options.since);
      if (options.format === "json") io.stdout.write(`${terminalSafeJson(JSON.stringify(rows, null, 2))}\n`);
      else {
        const { stringify } = await import("csv-stringify/sync");
        // escape_formulas: a cell starting with = + - @ (or tab, CR) gets a leading ' so a
        // spreadsheet shows it as text instead of running it (CSV injection).
        const csv = stringify(rows, { header: true, columns: COLUMNS, bom: false, escape_formulas: true });
        // A file keeps every character; a terminal gets them escaped.
        io.stdout.write(io.stdout.isTTY ? terminalSafe(csv, { lines: true }) : csv);
      }
      setExit(0);
    });

  return command;
}

async function read(db: string, since: string | undefined): Promise<StoredInquiry[]> {
  const path = resolve(db);
  let from: Date | undefined;
  if (since !== undefined) {
    const parsed = Since.safeParse(since);
    if (!parsed.success)
      throw new UsageError(`--since: expected a date like 2026-01-31 or an ISO time, got "${since}"`);
    from = parsed.data;
  }
  if (!existsSync(path)) return [];
  // Loaded here, not at start-up: `validate` and `generate` never need SQLite.
  const { openInquiryStore } = await import("../../inquiries/open-store.ts");
  const store = await openInquiryStore(path);
  try {
    return await store.list(from);
  } finally {
    await store.close();
  }
}

function table(rows: StoredInquiry[]): string {
  const columns: [string, (row: StoredInquiry) => string][] = [
    ["received", (r) => r.receivedAt.replace("T", " ").slice(0, 19)],
    ["kind", (r) => r.kind],
    ["name", (r) => r.name],
    ["company", (r) => r.company],
    ["email", (r) => r.email],
    ["id", (r) => r.id.slice(0, 8)],
  ];
  const cells = rows.map((row) => columns.map(([, get]) => truncate(get(row), 32)));
  const widths = columns.map(([title], i) => Math.max(title.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (values: string[]) =>
    `${values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd()}\n`;
  return line(columns.map(([title]) => title)) + cells.map(line).join("");
}

/** One cell of the table: one line, escaped for the terminal, at most `max` characters. */
function truncate(text: string, max: number): string {
  const flat = terminalSafe(text.replace(/[ \t\n]+/g, " "));
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
