import type { InquiryStore } from "./store.ts";

/**
 * Opens the inquiry store at `location`: today a SQLite file (or ":memory:").
 * The one place that picks an implementation, so the server and the CLI
 * never name one. The driver loads only here, when a store is opened.
 */
export async function openInquiryStore(
  location: string,
  options: { /** How long a write waits for a locked database before StoreBusyError. */ busyWaitMs?: number } = {},
): Promise<InquiryStore> {
  const { SqliteInquiryStore } = await import("./store-sqlite.ts");
  return new SqliteInquiryStore(location, options);
}
