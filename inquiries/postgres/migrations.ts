import type { Pool } from "pg";
import { addColumn, POSTGRES } from "../sql/dialect.ts";

/**
 * Schema versions, applied in order; `schema_migrations` records which ones a
 * database has. Never edit a released version: add the next one.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE inquiries (
     id text PRIMARY KEY,
     -- Ties in received_at keep the order of arrival.
     seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     received_at timestamptz NOT NULL,
     kind text NOT NULL CHECK (kind IN ('full', 'quick')),
     name text NOT NULL,
     email text NOT NULL,
     -- Folded in JavaScript (foldEmail), as SQLite's is: lower() depends on the database's locale.
     email_folded text NOT NULL,
     company text NOT NULL,
     role text, arr text, industry text,
     challenges text, objectives text, timeline text,
     message text,
     idempotency_key text UNIQUE,
     body_hash text NOT NULL
   );
   CREATE INDEX inquiries_received_at ON inquiries (received_at, seq);
   -- Access and erasure requests match addresses case-insensitively.
   CREATE INDEX inquiries_email_folded ON inquiries (email_folded);

   CREATE TABLE outbox (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     inquiry_id text NOT NULL REFERENCES inquiries (id),
     channel text NOT NULL,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
     attempts integer NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL,
     next_attempt_at timestamptz,
     last_error text,
     sent_at timestamptz,
     dead_at timestamptz,
     -- One message per inquiry and channel: what \`inquiries migrate --to\` copies by.
     UNIQUE (inquiry_id, channel)
   );
   CREATE INDEX outbox_due ON outbox (channel, next_attempt_at, id) WHERE status = 'pending';
   CREATE INDEX outbox_dead ON outbox (dead_at) WHERE status = 'dead';

   -- Fixed windows of the per-address rate limit, shared by every server.
   CREATE TABLE rate_limit (
     key text NOT NULL,
     window_start timestamptz NOT NULL,
     window_end timestamptz NOT NULL,
     hits integer NOT NULL,
     PRIMARY KEY (key, window_start)
   );
   CREATE INDEX rate_limit_end ON rate_limit (window_end);`,
  // The language the visitor wrote in (data/locales.yaml), which the partners answer in. Inquiries
  // stored before the server knew languages came from its English pages: 'en', written here as
  // history, not read from the data (a migration never changes once shipped, and the CLI, which
  // migrates, is built before site/generated exists on a fresh clone); then the default is dropped:
  // the store always writes the language, and an insert without one is a bug to be refused.
  `ALTER TABLE inquiries ADD COLUMN language text NOT NULL DEFAULT 'en';
   ALTER TABLE inquiries ALTER COLUMN language DROP DEFAULT;`,
  // Daily page-view counts (visits/): a number per day, page, language, first page of a visit or
  // not, referring host and campaign tags; nothing that identifies a visitor. '' is "none".
  `CREATE TABLE page_views (
     day date NOT NULL,
     page text NOT NULL,
     language text NOT NULL,
     landing boolean NOT NULL,
     referrer_host text NOT NULL,
     utm_source text NOT NULL,
     utm_medium text NOT NULL,
     utm_campaign text NOT NULL,
     views bigint NOT NULL,
     PRIMARY KEY (day, page, language, landing, referrer_host, utm_source, utm_medium, utm_campaign)
   );`,
  // Where the visit that sent an inquiry came from (visits/origin.ts): the page it was sent from, the
  // visit's first page, the referring site's host and the link's utm_ tags; null for the inquiries before.
  [
    addColumn(POSTGRES, { column: "sent_from", type: "text", nullable: true }),
    addColumn(POSTGRES, { column: "landing_page", type: "text", nullable: true }),
    addColumn(POSTGRES, { column: "referrer_host", type: "text", nullable: true }),
    addColumn(POSTGRES, { column: "utm_source", type: "text", nullable: true }),
    addColumn(POSTGRES, { column: "utm_medium", type: "text", nullable: true }),
    addColumn(POSTGRES, { column: "utm_campaign", type: "text", nullable: true }),
  ].join("\n"),
];

/** Any constant shared by every server of one database: they take turns migrating. */
const MIGRATION_LOCK = 7_412_001;

/**
 * Brings the database to the newest version in one transaction that holds a
 * transaction-level advisory lock: a second server migrating at the same
 * time waits, then finds nothing left to do. Re-running is a no-op.
 * Returns the versions applied.
 */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // However long another server's migration takes, wait for it (the store's lock_timeout is for visitors).
    await client.query("SET LOCAL lock_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ version: number | null }>(
      "SELECT max(version) AS version FROM schema_migrations",
    );
    const applied: number[] = [];
    for (let version = (rows[0]?.version ?? 0) + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1] as string);
      await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
      applied.push(version);
    }
    await client.query("COMMIT");
    return applied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
