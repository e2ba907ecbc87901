import { Command, Option } from "commander";
import { z } from "zod";
import { terminalSafe, terminalSafeJson, UsageError } from "../../content/index.ts";
import { INQUIRY_FIELDS, type StoredInquiry } from "../../inquiries/fields.ts";
import { type Suggestion, suggestionsText, suggestMatches } from "../../inquiries/match.ts";
import type { CliIO } from "../io.ts";
import { formDataIn } from "../lib/form-data.ts";
import { openStoreFor, type StoreOptions, storeOptions } from "../lib/store-location.ts";
import { addDeliveryCommands } from "./inquiries-delivery.ts";
import { migrateCommand } from "./inquiries-migrate.ts";
import { addEraseCommand, exportAddress } from "./inquiries-privacy.ts";
import { addShowCommand } from "./inquiries-show.ts";
import { statsCommand } from "./inquiries-stats.ts";

/** The export's columns: every field of the inquiry (inquiries/fields.ts), in its order. */
const COLUMNS = INQUIRY_FIELDS.map((field) => field.name);

/** A stored inquiry with the consultants suggested for it (from the data as it is now). */
type Row = StoredInquiry & { suggested: Suggestion[] };

const Since = z.iso
  .date()
  .or(z.iso.datetime({ offset: true }))
  .transform((text) => new Date(text));

/**
 * `inquiries list`, `show` and `export`: how the firm reads what arrived;
 * `deliveries` and `redeliver` for the outbox; `export --email` and `erase`
 * for access and erasure requests.
 */
export function inquiriesCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command("inquiries").description(
    "read the stored inquiries, their deliveries, and answer access and erasure requests",
  );
  const [dbOption, databaseOption] = storeOptions(io);
  const sinceOption = () =>
    new Option("--since <date>", "only inquiries received on or after this date (YYYY-MM-DD or ISO time)");
  const dataOption = () =>
    new Option("--data <dir>", "folder of the data files, for the suggested consultants").default("data");
  const rowsOf = async (options: StoreOptions & { since?: string; data: string }): Promise<Row[]> => {
    const inquiries = await read(options, options.since);
    const { consultants } =
      inquiries.length === 0 ? { consultants: [] } : await formDataIn(options.data, io, "no suggested consultants");
    return inquiries.map((inquiry) => ({ ...inquiry, suggested: suggestMatches(inquiry, consultants) }));
  };

  command
    .command("list")
    .description("a table of the inquiries, oldest first")
    .addOption(dbOption())
    .addOption(databaseOption())
    .addOption(sinceOption())
    .addOption(dataOption())
    .action(async (options: StoreOptions & { since?: string; data: string }) => {
      const rows = await rowsOf(options);
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
    .description(
      "all fields of the inquiries as CSV or JSON, on standard output; with --email, everything about one address as JSON",
    )
    .addOption(new Option("--format <format>", "output format").choices(["csv", "json"]).default("csv"))
    .addOption(
      new Option(
        "--email <address>",
        "everything stored about this address (any case), as JSON: an access request",
      ).conflicts("since"),
    )
    .addOption(dbOption())
    .addOption(databaseOption())
    .addOption(sinceOption())
    .addOption(dataOption())
    .action(
      async (options: StoreOptions & { since?: string; data: string; format: "csv" | "json"; email?: string }) => {
        if (options.email !== undefined) {
          await exportAddress(io, options, options.email);
          setExit(0);
          return;
        }
        const rows = await rowsOf(options);
        if (options.format === "json") io.stdout.write(`${terminalSafeJson(JSON.stringify(rows, null, 2))}\n`);
        else {
          const { stringify } = await import("csv-stringify/sync");
          // escape_formulas: a cell starting with = + - @ (or tab, CR) gets a leading ' so a
          // spreadsheet shows it as text instead of running it (CSV injection).
          const cells = rows.map((row) => ({ ...row, suggested: suggestionsText(row.suggested) }));
          const csv = stringify(cells, {
            header: true,
            columns: [...COLUMNS, "suggested"],
            bom: false,
            escape_formulas: true,
          });
          // A file keeps every character; a terminal gets them escaped.
          io.stdout.write(io.stdout.isTTY ? terminalSafe(csv, { lines: true }) : csv);
        }
        setExit(0);
      },
    );

  addDeliveryCommands(command, io, setExit, dbOption, databaseOption);
  addShowCommand(command, io, setExit, { db: dbOption, database: databaseOption, data: dataOption });
  addEraseCommand(command, io, setExit, dbOption, databaseOption);
  command.addCommand(statsCommand(io, setExit));
  command.addCommand(migrateCommand(io, setExit));

  return command;
}

async function read(location: StoreOptions, since: string | undefined): Promise<StoredInquiry[]> {
  let from: Date | undefined;
  if (since !== undefined) {
    const parsed = Since.safeParse(since);
    if (!parsed.success)
      throw new UsageError(`--since: expected a date like 2026-01-31 or an ISO time, got "${since}"`);
    from = parsed.data;
  }
  const store = await openStoreFor(location);
  if (!store) return [];
  try {
    return await store.list(from);
  } finally {
    await store.close();
  }
}

function table(rows: Row[]): string {
  const columns: [string, (row: Row) => string, number][] = [
    ["received", (r) => r.receivedAt.replace("T", " ").slice(0, 19), 19],
    ["kind", (r) => r.kind, 5],
    ["lang", (r) => r.language, 4],
    ["name", (r) => r.name, 32],
    ["company", (r) => r.company, 32],
    ["email", (r) => r.email, 32],
    ["id", (r) => r.id.slice(0, 8), 8],
    // Where the visit began (its first page, the site that linked there); the rest is in `export`.
    ["landed on", (r) => [r.landingPage, r.referrerHost && `from ${r.referrerHost}`].filter(Boolean).join(" "), 48],
    ["suggested", (r) => r.suggested.map((s) => s.name).join(", "), 64],
  ];
  const cells = rows.map((row) => columns.map(([, get, max]) => truncate(get(row), max)));
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
