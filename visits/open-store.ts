import { isPostgresUrl } from "../inquiries/postgres/url.ts";
import type { VisitStore } from "./store.ts";

/**
 * Opens the view counts at the inquiries' `location` (a PostgreSQL URL or a
 * SQLite file): the same database, a connection of their own. Each driver
 * loads only here.
 */
export async function openVisitStore(location: string, options: { busyWaitMs?: number } = {}): Promise<VisitStore> {
  if (isPostgresUrl(location)) {
    const { PostgresVisitStore } = await import("./store-postgres.ts");
    return PostgresVisitStore.open(location, options.busyWaitMs);
  }
  const { SqliteVisitStore } = await import("./store-sqlite.ts");
  return new SqliteVisitStore(location, options.busyWaitMs);
}
