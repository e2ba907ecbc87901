import type Database from "better-sqlite3";
import { addColumn, SQLITE } from "../sql/dialect.ts";

/**
 * Schema versions of the SQLite store, applied in order; `user_version`
 * records how far a file is. A step is SQL, or a function for what SQL
 * alone cannot do (folding e-mails the way JavaScript does).
 */
export const MIGRATIONS: (string | ((db: Database.Database) => void))[] = [
  `CREATE TABLE inquiries (
     id TEXT PRIMARY KEY,
     received_at TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('full', 'quick')),
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT NOT NULL,
     role TEXT, arr TEXT, industry TEXT,
     challenges TEXT, objectives TEXT, timeline TEXT,
     message TEXT,
     idempotency_key TEXT UNIQUE,
     body_hash TEXT
   );
   CREATE INDEX inquiries_received_at ON inquiries (received_at);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     last_error TEXT,
     sent_at TEXT
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  // Each delivery channel (mail, webhook) keeps its own delivery state: one outbox row per channel.
  `ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
   DROP INDEX outbox_due;
   CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at);`,
  // Leases and dead messages: 'failed' becomes 'dead' (the policy gave up), with when it died
  // (the retention purge counts from there) and when the message was created. The CHECK
  // changes, so the table is rebuilt. next_attempt_at is null once a message is sent or dead.
  `CREATE TABLE outbox_v3 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
     channel TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at TEXT,
     last_error TEXT,
     sent_at TEXT,
     dead_at TEXT
   );
   INSERT INTO outbox_v3 (id, inquiry_id, channel, status, attempts, created_at, next_attempt_at, last_error, sent_at, dead_at)
     SELECT o.id, o.inquiry_id, o.channel,
            CASE o.status WHEN 'failed' THEN 'dead' ELSE o.status END,
            o.attempts, i.received_at,
            CASE o.status WHEN 'pending' THEN o.next_attempt_at END,
            o.last_error, o.sent_at,
            CASE o.status WHEN 'failed' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
       FROM outbox o JOIN inquiries i ON i.id = o.inquiry_id;
   DROP TABLE outbox;
   ALTER TABLE outbox_v3 RENAME TO outbox;
   CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at);
   CREATE INDEX outbox_inquiry ON outbox (inquiry_id);
   CREATE INDEX outbox_dead ON outbox (status, dead_at);
   ALTER TABLE inquiries ADD COLUMN email_folded TEXT;
   CREATE TABLE rate_limit (
     key TEXT NOT NULL,
     window_start INTEGER NOT NULL,
     window_ms INTEGER NOT NULL,
     hits INTEGER NOT NULL,
     PRIMARY KEY (key, window_start)
   ) WITHOUT ROWID;`,
  // Access and erasure requests find an address whatever its case: folded as insert() folds it.
  (db) => {
    const rows = db.prepare("SELECT id, email FROM inquiries WHERE email_folded IS NULL").all() as {
      id: string;
      email: string;
    }[];
    const update = db.prepare("UPDATE inquiries SET email_folded = ? WHERE id = ?");
    for (const row of rows) update.run(foldEmail(row.email), row.id);
    db.exec("CREATE INDEX inquiries_email_folded ON inquiries (email_folded)");
  },
  // The language the visitor wrote in (data/locales.yaml), which the partners answer in. Inquiries
  // stored before the server knew languages came from its English pages: 'en', written here as
  // history, not read from the data (a migration never changes once shipped, and the CLI, which
  // migrates, is built before site/generated exists on a fresh clone): the store always writes it
  // from here on, so the column's default only fills the rows that were there.
  `ALTER TABLE inquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  // Daily page-view counts (visits/): a number per day, page, language, first page of a visit or
  // not, referring host and campaign tags; nothing that identifies a visitor. "" is "none".
  `CREATE TABLE page_views (
     day TEXT NOT NULL,
     page TEXT NOT NULL,
     language TEXT NOT NULL,
     landing INTEGER NOT NULL CHECK (landing IN (0, 1)),
     referrer_host TEXT NOT NULL,
     utm_source TEXT NOT NULL,
     utm_medium TEXT NOT NULL,
     utm_campaign TEXT NOT NULL,
     views INTEGER NOT NULL,
     PRIMARY KEY (day, page, language, landing, referrer_host, utm_source, utm_medium, utm_campaign)
   ) WITHOUT ROWID;`,
  // Where the visit that sent an inquiry came from (visits/origin.ts): the page it was sent from, the
  // visit's first page, the referring site's host and the link's utm_ tags; null for the inquiries before.
  [
    addColumn(SQLITE, { column: "sent_from", type: "text", nullable: true }),
    addColumn(SQLITE, { column: "landing_page", type: "text", nullable: true }),
    addColumn(SQLITE, { column: "referrer_host", type: "text", nullable: true }),
    addColumn(SQLITE, { column: "utm_source", type: "text", nullable: true }),
    addColumn(SQLITE, { column: "utm_medium", type: "text", nullable: true }),
    addColumn(SQLITE, { column: "utm_campaign", type: "text", nullable: true }),
  ].join("\n"),
];

/** The form an address is looked up by: the whole address in lower case. */
export function foldEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Applies the missing steps, each in its own IMMEDIATE transaction that reads the version under the write lock: two servers starting at once apply each step once. */
export function migrate(db: Database.Database): void {
  for (;;) {
    const applied = db
      .transaction(() => {
        const version = db.pragma("user_version", { simple: true }) as number;
        const step = MIGRATIONS[version];
        if (step === undefined) return false;
        if (typeof step === "function") step(db);
        else db.exec(step);
        db.pragma(`user_version = ${version + 1}`);
        return true;
      })
      .immediate();
    if (!applied) return;
  }
}
