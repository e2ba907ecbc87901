import { describePostgresUrl, isPostgresUrl } from "./postgres/url.ts";
import type { InquiryStore } from "./store.ts";

export interface OpenStoreOptions {
  /** How long a write waits for a locked (SQLite) or unreachable/locked (PostgreSQL) database before StoreBusyError. */
  busyWaitMs?: number;
}

/**
 * Opens the inquiry store at `location`: a `postgres://` or `postgresql://`
 * URL (DATABASE_URL) opens PostgreSQL; anything else is a SQLite file (or
 * ":memory:"). The one place that picks an implementation, so the server
 * and the CLI never name one. Each driver loads only here, when its store
 * is opened. Migrations run before this resolves.
 */
export async function openInquiryStore(location: string, options: OpenStoreOptions = {}): Promise<InquiryStore> {
  if (isPostgresUrl(location)) {
    const { PostgresInquiryStore } = await import("./store-postgres.ts");
    return PostgresInquiryStore.open(location, options);
  }
  const { SqliteInquiryStore } = await import("./store-sqlite.ts");
  return new SqliteInquiryStore(location, options);
}

/** How logs and errors name a location: the SQLite path, or the PostgreSQL host and database without credentials. */
export function describeLocation(location: string): string {
  return isPostgresUrl(location) ? describePostgresUrl(location) : `SQLite ${location}`;
}
