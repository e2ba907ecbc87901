// The stores every store-agnostic test runs against: SQLite always,
// PostgreSQL when the run has a cluster (tests/support/postgres.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openInquiryStore } from "../../inquiries/open-store.ts";
import type { InquiryStore } from "../../inquiries/store.ts";
import { freshDatabaseUrl, postgresUrl } from "./postgres.ts";

export interface StoreKind {
  name: "sqlite" | "postgres";
  /**
   * A new, empty database: its `location` (a SQLite file or a PostgreSQL URL,
   * what INQUIRY_DB or DATABASE_URL would be), `open()` to open a store on
   * it (call twice for two servers on one database) and `cleanup()`.
   */
  fresh(): Promise<{
    location: string;
    open(options?: { busyWaitMs?: number }): Promise<InquiryStore>;
    cleanup(): void;
  }>;
}

export const sqliteKind: StoreKind = {
  name: "sqlite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "store-"));
    const location = join(dir, "inquiries.db");
    return {
      location,
      open: (options) => openInquiryStore(location, options),
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

export const postgresKind: StoreKind = {
  name: "postgres",
  async fresh() {
    const location = await freshDatabaseUrl();
    return { location, open: (options) => openInquiryStore(location, options), cleanup() {} };
  },
};

/** [sqlite, postgres (when this run has PostgreSQL)]: `describe.each(storeKinds())`. */
export function storeKinds(): StoreKind[] {
  return postgresUrl() ? [sqliteKind, postgresKind] : [sqliteKind];
}
