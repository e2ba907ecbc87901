import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Option } from "commander";
import { UsageError } from "../../content/index.ts";
import { describePostgresUrl, postgresUrlProblem } from "../../inquiries/postgres/url.ts";
import type { InquiryStore } from "../../inquiries/store.ts";
import type { CliIO } from "../io.ts";

/** The options every `inquiries` command reads its store from, as the server does. */
export interface StoreOptions {
  db: string;
  database?: string;
}

/**
 * Makers of `--db FILE` (SQLite, $INQUIRY_DB) and `--database URL`
 * (PostgreSQL, $DATABASE_URL; wins when set), fresh for each command.
 */
export function storeOptions(io: CliIO): [() => Option, () => Option] {
  const db = () =>
    new Option("--db <file>", "SQLite file of inquiries").default(
      io.env.INQUIRY_DB ?? "var/inquiries.db",
      "$INQUIRY_DB or var/inquiries.db",
    );
  const database = () => {
    const option = new Option("--database <url>", "PostgreSQL URL of the inquiries (instead of --db)");
    return io.env.DATABASE_URL ? option.default(io.env.DATABASE_URL, "$DATABASE_URL") : option;
  };
  return [db, database];
}

/** What the options point at, checked: a PostgreSQL URL or an absolute SQLite path. */
export function storeLocation(options: StoreOptions): string {
  if (options.database === undefined || options.database === "") return resolve(options.db);
  const problem = postgresUrlProblem(options.database);
  // The message names the host and database only: the URL may hold a password.
  if (problem) throw new UsageError(`--database (${describePostgresUrl(options.database)}): ${problem}`);
  return options.database;
}

/**
 * Opens the store the options name, or undefined when it is a SQLite file
 * that does not exist (nothing stored yet; reading creates no file).
 * A database that cannot be reached is a usage error, not a bug.
 */
export async function openStoreFor(options: StoreOptions): Promise<InquiryStore | undefined> {
  const location = storeLocation(options);
  if (!location.includes("://") && !existsSync(location)) return undefined;
  // Loaded here, not at start-up: `validate` and `generate` never need a database driver.
  const { describeLocation, openInquiryStore } = await import("../../inquiries/open-store.ts");
  try {
    return await openInquiryStore(location);
  } catch (error) {
    throw new UsageError(
      `cannot open the inquiry database (${describeLocation(location)}): ${(error as Error).message}`,
    );
  }
}
