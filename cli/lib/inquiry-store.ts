import type { InquiryStore } from "../../inquiries/store.ts";
import { openStoreFor, type StoreOptions } from "./store-location.ts";

/**
 * Runs `use` on the inquiry store the options name (`--database` or
 * `$DATABASE_URL`: PostgreSQL; else the SQLite file `--db`), closed after;
 * `absent` when that is a SQLite file that does not exist (a command that
 * reads must not create an empty database). The store's driver loads only
 * when a store is opened: `validate` and `generate` never need one.
 */
export async function withStore<T>(
  location: StoreOptions,
  absent: () => T,
  use: (store: InquiryStore) => Promise<T>,
): Promise<T> {
  const store = await openStoreFor(location);
  if (!store) return absent();
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
