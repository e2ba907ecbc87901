import { resolve } from "node:path";
import { Command, Option } from "commander";
import { UsageError } from "../../content/index.ts";
import { describePostgresUrl, postgresUrlProblem } from "../../inquiries/postgres/url.ts";
import type { CliIO } from "../io.ts";
import { storeOptions } from "../lib/store-location.ts";

/** What the copy moves, as its report names them and as they are printed. */
const TABLES = [
  ["inquiries", "inquiries"],
  ["deliveries", "deliveries"],
  ["dailyCounts", "daily view counts"],
] as const;

/**
 * `inquiries migrate --to postgres://…`: moves what the SQLite file holds
 * (inquiries, their delivery state) into PostgreSQL. Idempotent; verifies
 * that every row of the file is in PostgreSQL and prints the counts.
 */
export function migrateCommand(io: CliIO, setExit: (code: number) => void): Command {
  const [dbOption] = storeOptions(io);
  return new Command("migrate")
    .description("copy the inquiries and their delivery state from the SQLite file into PostgreSQL (safe to repeat)")
    .addOption(new Option("--to <url>", "PostgreSQL URL to copy into").makeOptionMandatory())
    .addOption(dbOption())
    .action(async (options: { to: string; db: string }) => {
      const problem = postgresUrlProblem(options.to);
      if (problem) throw new UsageError(`--to (${describePostgresUrl(options.to)}): ${problem}`);
      const path = resolve(options.db);
      const { existsSync } = await import("node:fs");
      if (!existsSync(path)) throw new UsageError(`--db: no SQLite file at ${path}`);
      const { copySqliteToPostgres } = await import("../../inquiries/postgres/copy-from-sqlite.ts");
      let report: Awaited<ReturnType<typeof copySqliteToPostgres>>;
      try {
        report = await copySqliteToPostgres(path, options.to);
      } catch (error) {
        throw new UsageError(`copying into ${describePostgresUrl(options.to)} failed: ${(error as Error).message}`);
      }
      io.stdout.write(`from SQLite ${path} into ${describePostgresUrl(options.to)}\n`);
      const rows = [
        ["", "in SQLite", "copied now", "already there", "in PostgreSQL"],
        ...TABLES.map(([table, name]) => {
          const count = report[table];
          return [name, count.source, count.copied, count.alreadyThere, count.verified].map(String);
        }),
      ];
      const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
      for (const row of rows) {
        io.stdout.write(
          `${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")}\n`,
        );
      }
      const missing = TABLES.filter(([t]) => report[t].verified !== report[t].source);
      if (missing.length > 0) {
        io.stderr.write(
          `error: ${missing.map(([t, name]) => `${report[t].source - report[t].verified} ${name}`).join(" and ")} of the file are not in PostgreSQL (an idempotency key PostgreSQL already holds for another inquiry?)\n`,
        );
        setExit(1);
        return;
      }
      io.stdout.write("verified: every row of the file is in PostgreSQL; point the servers at DATABASE_URL now\n");
      setExit(0);
    });
}
