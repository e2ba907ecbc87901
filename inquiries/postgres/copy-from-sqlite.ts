import pg from "pg";
import { BOOKKEEPING_COLUMNS, INQUIRY_FIELDS, type ValueType } from "../fields.ts";
import { POSTGRES } from "../sql/dialect.ts";
import { OUTBOX_COPY_COLUMNS } from "../sql/rows.ts";
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
  /** Rows of the daily page-view counts (visits/); a day's row PostgreSQL already has is left as it is. */
  dailyCounts: CopyCount;
}

/** The daily counts' columns, their key first, with their PostgreSQL types. */
const DAILY_COUNT_COLUMNS = [
  ["day", "date"],
  ["page", "text"],
  ["language", "text"],
  ["landing", "boolean"],
  ["referrer_host", "text"],
  ["utm_source", "text"],
  ["utm_medium", "text"],
  ["utm_campaign", "text"],
  ["views", "bigint"],
] as const;
const DAILY_COUNT_KEY = DAILY_COUNT_COLUMNS.slice(0, -1).map(([column]) => column);

/** The daily counts as one array per column, for unnest. */
function dailyCountArrays(rows: readonly SqliteRow[]): unknown[][] {
  return DAILY_COUNT_COLUMNS.map(([column]) =>
    rows.map((row) => (column === "landing" ? row.landing === 1 : withoutNul(row[column]))),
  );
}
const dailyCountsUnnest = `unnest(${DAILY_COUNT_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")}) AS source (${DAILY_COUNT_COLUMNS.map(([column]) => column).join(", ")})`;

const BATCH = 500;

type SqliteRow = Readonly<Record<string, unknown>>;
type Column = { column: string; type: ValueType };

/** Every column of an inquiry's row (fields.ts): its fields and the store's bookkeeping. */
const INQUIRY_COPY: readonly Column[] = [...INQUIRY_FIELDS, ...BOOKKEEPING_COLUMNS];

/** `INSERT … SELECT * FROM unnest($1::type[], …)`: one round trip per batch. */
function unnestInsert(table: string, columns: readonly Column[], rest: string): string {
  const params = columns.map(({ type }, i) => `$${i + 1}::${POSTGRES.types[type]}[]`).join(", ");
  const list = columns.map(({ column }) => column).join(", ");
  // WITH ORDINALITY … ORDER BY: new ids follow the file's order (claims go oldest first, by id).
  return `INSERT INTO ${table} (${list}) SELECT ${list} FROM unnest(${params}) WITH ORDINALITY AS source (${list}, n) ${rest}`;
}

/** Inserts `rows` in batches, a column's values as one array each; returns how many were inserted. */
async function copyRows(
  client: pg.Client,
  insert: { table: string; columns: readonly Column[]; rest: string },
  rows: readonly SqliteRow[],
  value: (row: SqliteRow, column: string) => unknown,
): Promise<number> {
  const text = unnestInsert(insert.table, insert.columns, insert.rest);
  let copied = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const values = insert.columns.map(({ column }) => batch.map((row) => value(row, column)));
    copied += (await client.query(text, values)).rowCount ?? 0;
  }
  return copied;
}

/**
 * PostgreSQL's text refuses NUL, which rows stored before the input hygiene
 * (and a receiver's error) can hold: it becomes U+FFFD, so the copy goes
 * through and the gap stays visible, instead of the whole move failing.
 */
function withoutNul(value: unknown): unknown {
  return typeof value === "string" ? value.replaceAll("\u0000", "\uFFFD") : value;
}

/**
 * Copies the inquiries and their outbox rows (delivery state included) from
 * a SQLite file into PostgreSQL, in one transaction. Idempotent: inquiries
 * already there (same id or idempotency key) and messages already there
 * (same inquiry and channel) are left as they are, so it can run again.
 * Then counts, in PostgreSQL, the rows of every source row. The daily
 * page-view counts are copied too (a day's row already there is kept).
 * Rate-limit windows are not copied: they end within a minute anyway.
 */
export async function copySqliteToPostgres(sqlitePath: string, url: string): Promise<CopyReport> {
  // Opening migrates both: the file to the newest SQLite version, the database to the newest PostgreSQL one.
  const source = new SqliteInquiryStore(sqlitePath);
  await (await PostgresInquiryStore.open(url)).close();
  const client = new pg.Client({ connectionString: url, application_name: "inquiries migrate" });
  await client.connect();
  try {
    const inquiries = source.db.prepare("SELECT * FROM inquiries ORDER BY received_at, rowid").all() as SqliteRow[];
    const outbox = source.db.prepare("SELECT * FROM outbox ORDER BY id").all() as SqliteRow[];
    const views = source.db.prepare("SELECT * FROM page_views ORDER BY day").all() as SqliteRow[];
    const report: CopyReport = {
      inquiries: { source: inquiries.length, copied: 0, alreadyThere: 0, verified: 0 },
      deliveries: { source: outbox.length, copied: 0, alreadyThere: 0, verified: 0 },
      dailyCounts: { source: views.length, copied: 0, alreadyThere: 0, verified: 0 },
    };
    await client.query("BEGIN");
    const intoInquiries = { table: "inquiries", columns: INQUIRY_COPY, rest: "ORDER BY n ON CONFLICT DO NOTHING" };
    report.inquiries.copied = await copyRows(client, intoInquiries, inquiries, (row, column) => {
      if (column === "email_folded") return foldEmail(String(row.email));
      if (column === "body_hash") return row.body_hash ?? "";
      return withoutNul(row[column]);
    });
    const intoOutbox = {
      table: "outbox",
      columns: OUTBOX_COPY_COLUMNS,
      // Only messages of inquiries that are there (one skipped for a key PostgreSQL already holds has none).
      rest: "WHERE EXISTS (SELECT 1 FROM inquiries WHERE inquiries.id = source.inquiry_id) ORDER BY n ON CONFLICT (inquiry_id, channel) DO NOTHING",
    };
    report.deliveries.copied = await copyRows(client, intoOutbox, outbox, (row, column) => withoutNul(row[column]));
    for (let i = 0; i < views.length; i += BATCH) {
      const inserted = await client.query(
        `INSERT INTO page_views SELECT * FROM ${dailyCountsUnnest} ON CONFLICT DO NOTHING`,
        dailyCountArrays(views.slice(i, i + BATCH)),
      );
      report.dailyCounts.copied += inserted.rowCount ?? 0;
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
    const [counted] = (
      await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM page_views JOIN ${dailyCountsUnnest} USING (${DAILY_COUNT_KEY.join(", ")})`,
        dailyCountArrays(views),
      )
    ).rows;
    report.dailyCounts.verified = Number(counted?.n ?? 0);
    report.dailyCounts.alreadyThere = report.dailyCounts.source - report.dailyCounts.copied;
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
