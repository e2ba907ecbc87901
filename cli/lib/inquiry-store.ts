import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { InquiryStore } from "../../inquiries/store.ts";

/**
 * Runs `use` on the inquiry store in `db`, closed after; `absent` when the
 * file does not exist (a command that reads must not create an empty database).
 * The store's driver loads only here: `validate` and `generate` never need SQLite.
 */
export async function withStore<T>(db: string, absent: () => T, use: (store: InquiryStore) => Promise<T>): Promise<T> {
  const path = resolve(db);
  if (!existsSync(path)) return absent();
  const { openInquiryStore } = await import("../../inquiries/open-store.ts");
  const store = await openInquiryStore(path);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
