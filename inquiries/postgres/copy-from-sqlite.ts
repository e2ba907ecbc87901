import pg from "pg";
import { foldEmail } from "../sqlite/migrations.ts";
import { PostgresInquiryStore } from "../store-postgres.ts";
import { SqliteInquiryStore } from "../store-sqlite.ts";

/** Rows of one table: in the SQLite file, newly copied, already in PostgreSQL before, and found there after. */
export interface CopyCount {
  source: number;
  copied: number;
  alreadyThere: number;
  verified: number;
}

export interface CopyReport {
  inquiries: CopyCount;
  deliveries: CopyCount;
}

const BATCH = 500;

interface SqliteInquiry {
  id: string;
  received_at: string;
  kind: string;
  name: string;
  email: string;
  company: string;
  role: string | null;
  arr: string | null;
  industry: string | null;
  challenges: string | null;
  objectives: string | null;
  timeline: string | null;
  message: string | null;
  language: string;
  idempotency_key: string | null;
  body_hash: string | null;
}

interface SqliteOutbox {
  inquiry_id: string;
  channel: string;
  status: string;
  attempts: number;
  created_at: string;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  dead_at: string | null;
}

const INQUIRY_FIELDS = [
  "id",
  "received_at",
  "kind",
  "name",
  "email",
  "company",
  "role",
  "arr",
  "industry",
  "challenges",
  "objectives",
  "timeline",
  "message",
  "language",
  "idempotency_key",
  "body_hash",
  "email_folded",
] as const;
const OUTBOX_FIELDS = [
  "inquiry_id",
  "channel",
  "status",
  "attempts",
  "created_at",
  "next_attempt_at",
  "last_error",
  "sent_at",
  "dead_at",
] as const;

/** `INSERT … SELECT * FROM unnest($1::type[], …)`: one round trip per batch. */
function unnestInsert(table: string, fields: readonly string[], types: readonly string[], rest: string): string {
  const params = types.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
  const list = fields.join(", ");
  // WITH ORDINALITY … ORDER BY: new ids follow the file's order (claims go oldest first, by id).
  return `INSERT INTO ${table} (${list}) SELECT ${list} FROM unnest(${params}) WITH ORDINALITY AS source (${list}, n) ${rest}`;
}

/**
 * PostgreSQL's text refuses NUL, which rows stored before the input hygiene
 * (and a receiver's error) can hold: it becomes U+FFFD, so the copy goes
 * through and the gap stays visible, instead of the whole move failing.
 */
function withoutNul(value: unknown): unknown {
  return typeof value === "string" ? value.replaceAll("\u0000", "\uFFFD") : value;
}

function columns<T>(rows: T[], fields: readonly string[], value: (row: T, field: string) => unknown): unknown[][] {
  return fields.map((field) => rows.map((row) => value(row, field)));
}

/**
 * Copies the inquiries and their outbox rows (delivery state included) from
 * a SQLite file into PostgreSQL, in one transaction. Idempotent: inquiries
 * already there (same id or idempotency key) and messages already there
 * (same inquiry and channel) are left as they are, so it can run again.
 * Then counts, in PostgreSQL, the rows of every source row. Rate-limit
 * windows are not copied: they end within a minute anyway.
 */
export async function copySqliteToPostgres(sqlitePath: string, url: string): Promise<CopyReport> {
  // Opening migrates both: the file to the newest SQLite version, the database to the newest PostgreSQL one.
  const source = new SqliteInquiryStore(sqlitePath);
  await (await PostgresInquiryStore.open(url)).close();
  const client = new pg.Client({ connectionString: url, application_name: "inquiries migrate" });
  await client.connect();
  try {
    const inquiries = source.db.prepare("SELECT * FROM inquiries ORDER BY received_at, rowid").all() as SqliteInquiry[];
    const outbox = source.db.prepare("SELECT * FROM outbox ORDER BY id").all() as SqliteOutbox[];
    const report: CopyReport = {
      inquiries: { source: inquiries.length, copied: 0, alreadyThere: 0, verified: 0 },
      deliveries: { source: outbox.length, copied: 0, alreadyThere: 0, verified: 0 },
    };
    await client.query("BEGIN");
    const inquiryTypes = INQUIRY_FIELDS.map((field) => (field === "received_at" ? "timestamptz" : "text"));
    const insertInquiries = unnestInsert(
      "inquiries",
      INQUIRY_FIELDS,
      inquiryTypes,
      "ORDER BY n ON CONFLICT DO NOTHING",
    );
    for (let i = 0; i < inquiries.length; i += BATCH) {
      const batch = inquiries.slice(i, i + BATCH);
      const values = columns(batch, INQUIRY_FIELDS, (row, field) => {
        if (field === "email_folded") return foldEmail(row.email);
        if (field === "body_hash") return row.body_hash ?? "";
        return withoutNul(row[field as keyof SqliteInquiry]);
      });
      report.inquiries.copied += (await client.query(insertInquiries, values)).rowCount ?? 0;
    }
    const outboxTypes = OUTBOX_FIELDS.map((field) =>
      field === "attempts" ? "integer" : field.endsWith("_at") ? "timestamptz" : "text",
    );
    const insertOutbox = unnestInsert(
      "outbox",
      OUTBOX_FIELDS,
      outboxTypes,
      // Only messages of inquiries that are there (one skipped for a key PostgreSQL already holds has none).
      "WHERE EXISTS (SELECT 1 FROM inquiries WHERE inquiries.id = source.inquiry_id) ORDER BY n ON CONFLICT (inquiry_id, channel) DO NOTHING",
    );
    for (let i = 0; i < outbox.length; i += BATCH) {
      const batch = outbox.slice(i, i + BATCH);
      const values = columns(batch, OUTBOX_FIELDS, (row, field) => withoutNul(row[field as keyof SqliteOutbox]));
      report.deliveries.copied += (await client.query(insertOutbox, values)).rowCount ?? 0;
    }
    await client.query("COMMIT");

    const ids = inquiries.map((row) => row.id);
    const [found] = (
      await client.query<{ inquiries: string; deliveries: string }>(
        `SELECT (SELECT count(*) FROM inquiries WHERE id = ANY ($1)) AS inquiries,
                (SELECT count(*) FROM outbox o JOIN unnest($2::text[], $3::text[]) AS s (inquiry_id, channel)
                   ON o.inquiry_id = s.inquiry_id AND o.channel = s.channel) AS deliveries`,
        [ids, outbox.map((row) => row.inquiry_id), outbox.map((row) => row.channel)],
      )
    ).rows;
    report.inquiries.verified = Number(found?.inquiries ?? 0);
    report.deliveries.verified = Number(found?.deliveries ?? 0);
    report.inquiries.alreadyThere = report.inquiries.source - report.inquiries.copied;
    report.deliveries.alreadyThere = report.deliveries.source - report.deliveries.copied;
    return report;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
    await source.close();
  }
}
