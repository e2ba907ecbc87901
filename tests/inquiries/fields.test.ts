// The inquiry's field table (inquiries/fields.ts) is the one list of its
// fields: what the migrations built matches it, every field goes through
// each store, the CSV export and the copy to PostgreSQL unchanged, and
// addColumn writes the migration a new field needs, on both databases.
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { BOOKKEEPING_COLUMNS, INQUIRY_COLUMNS, INQUIRY_FIELDS, type StoredInquiry } from "../../inquiries/fields.ts";
import { copySqliteToPostgres } from "../../inquiries/postgres/copy-from-sqlite.ts";
import { MIGRATIONS as POSTGRES_MIGRATIONS } from "../../inquiries/postgres/migrations.ts";
import { inquirySchema } from "../../inquiries/schema.ts";
import { addColumn, POSTGRES, SQLITE } from "../../inquiries/sql/dialect.ts";
import { MIGRATIONS as SQLITE_MIGRATIONS } from "../../inquiries/sqlite/migrations.ts";
import { PostgresInquiryStore } from "../../inquiries/store-postgres.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { fullInquiry, quickInquiry } from "../server/fixtures.ts";
import { runMain } from "../support/cli.ts";
import { freshDatabaseUrl, postgresUrl, queryDb } from "../support/postgres.ts";
import { type StoreKind, sqliteKind, storeKinds } from "../support/stores.ts";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const language = INQUIRY_FIELDS.find((field) => field.name === "language");
/** A field the next feature might add: nullable, so no value for the rows already stored. */
const nextField = { column: "next_field", type: "text", nullable: true } as const;

interface Column {
  column: string;
  type: string;
  notNull: boolean;
}

/** The inquiries table's columns as the migrations left them, with each type as the dialect spells it. */
async function tableColumns(kind: StoreKind["name"], location: string): Promise<Column[]> {
  if (kind === "sqlite") {
    const db = new Database(location, { readonly: true });
    try {
      const rows = db.pragma("table_info(inquiries)") as { name: string; type: string; notnull: number; pk: number }[];
      return rows.map((row) => ({ column: row.name, type: row.type, notNull: row.notnull === 1 || row.pk === 1 }));
    } finally {
      db.close();
    }
  }
  const rows = await queryDb<{ column_name: string; data_type: string; is_nullable: string }>(
    location,
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'inquiries'`,
  );
  return rows.map((row) => ({ column: row.column_name, type: row.data_type, notNull: row.is_nullable === "NO" }));
}

/** A PostgreSQL type name as information_schema spells it ("timestamptz" → "timestamp with time zone"). */
async function spelled(kind: StoreKind["name"], location: string, type: string): Promise<string> {
  if (kind === "sqlite") return type;
  const [row] = await queryDb<{ name: string }>(location, "SELECT $1::regtype::text AS name", [type]);
  return row?.name ?? type;
}

/** What a store must give back for `inquiry`: every field of the table, the server's two, null where its form has none. */
function expected(inquiry: Inquiry, id: string): StoredInquiry {
  const given = inquiry as Readonly<Record<string, unknown>>;
  const server: Readonly<Record<string, unknown>> = { id, receivedAt: T0.toISOString() };
  return Object.fromEntries(
    INQUIRY_FIELDS.map((field) => [field.name, (field.source === "server" ? server : given)[field.name] ?? null]),
  ) as StoredInquiry;
}

describe.each(storeKinds())("the field table on $name", (kind) => {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const cleanup of cleanups) cleanup();
  });

  it("is the inquiries table the migrations built: every column, its type and whether it may be null", async () => {
    const fresh = await kind.fresh();
    cleanups.push(fresh.cleanup);
    await (await fresh.open()).close();
    const dialect = kind.name === "sqlite" ? SQLITE : POSTGRES;
    const columns = await tableColumns(kind.name, fresh.location);
    // Both ways: no column without a field (or bookkeeping entry), no field without a column.
    const extra = kind.name === "postgres" ? [POSTGRES.arrival] : [];
    expect(columns.map((c) => c.column).sort()).toEqual([...INQUIRY_COLUMNS, ...extra].sort());
    for (const field of [...INQUIRY_FIELDS, ...BOOKKEEPING_COLUMNS]) {
      const column = columns.find((c) => c.column === field.column);
      expect({ column: field.column, type: column?.type }).toEqual({
        column: field.column,
        type: await spelled(kind.name, fresh.location, dialect.types[field.type]),
      });
    }
    // Bookkeeping columns SQLite added later stay nullable there (history); the inquiry's fields agree on both.
    for (const field of INQUIRY_FIELDS) {
      expect({ column: field.column, notNull: columns.find((c) => c.column === field.column)?.notNull }).toEqual({
        column: field.column,
        notNull: !field.nullable,
      });
    }
  });

  it("every field goes through the store and the CSV export unchanged, for both forms", async () => {
    const fresh = await kind.fresh();
    cleanups.push(fresh.cleanup);
    const store = await fresh.open();
    const inquiries = [
      inquirySchema.parse(fullInquiry({ language: "de" })),
      inquirySchema.parse(quickInquiry({ email: fullInquiry().email })),
    ];
    const stored: StoredInquiry[] = [];
    try {
      for (const [i, inquiry] of inquiries.entries()) {
        const result = await store.insert(inquiry, { bodyHash: `h${i}`, channels: ["mail"], now: T0 });
        if (!("id" in result)) throw new Error("insert failed");
        stored.push(expected(inquiry, result.id));
      }
      for (const want of stored) expect(await store.get(want.id)).toEqual(want);
      expect(await store.list()).toEqual(stored);
      expect((await store.findByEmail(stored[0]?.email ?? "")).inquiries).toEqual(stored);
    } finally {
      await store.close();
    }

    const where = kind.name === "sqlite" ? "--db" : "--database";
    const run = await runMain(["inquiries", "export", "--format", "csv", where, fresh.location]);
    expect(run.code).toBe(0);
    const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...INQUIRY_FIELDS.map((field) => field.name), "suggested"]);
    expect(rows.map(({ suggested: _, ...cells }) => cells)).toEqual(
      stored.map((want) => Object.fromEntries(Object.entries(want).map(([name, value]) => [name, value ?? ""]))),
    );
  });

  it("addColumn's migration of a new field runs on a migrated database and adds the column", async () => {
    const fresh = await kind.fresh();
    cleanups.push(fresh.cleanup);
    await (await fresh.open()).close();
    if (kind.name === "sqlite") {
      const db = new Database(fresh.location);
      db.exec(addColumn(SQLITE, nextField));
      db.close();
    } else {
      await queryDb(fresh.location, addColumn(POSTGRES, nextField));
    }
    const column = (await tableColumns(kind.name, fresh.location)).find((c) => c.column === "next_field");
    expect(column).toEqual({ column: "next_field", type: kind.name === "sqlite" ? "TEXT" : "text", notNull: false });
  });
});

describe.skipIf(!postgresUrl())("the field table in inquiries migrate --to", () => {
  it("copies every field of every inquiry from SQLite to PostgreSQL unchanged", async () => {
    const file = await sqliteKind.fresh();
    const sqlite = await file.open();
    const url = await freshDatabaseUrl();
    try {
      for (const [i, body] of [fullInquiry({ language: "de" }), quickInquiry()].entries()) {
        await sqlite.insert(inquirySchema.parse(body), { bodyHash: `h${i}`, channels: ["mail"], now: T0 });
      }
      const stored = await sqlite.list();
      await sqlite.close();
      await copySqliteToPostgres(file.location, url);
      const postgres = await PostgresInquiryStore.open(url);
      try {
        expect(await postgres.list()).toEqual(stored);
      } finally {
        await postgres.close();
      }
    } finally {
      await sqlite.close();
      file.cleanup();
    }
  });
});

describe("addColumn", () => {
  it("writes the language migration each database shipped with, to the letter", () => {
    if (!language) throw new Error("no language field");
    expect(SQLITE_MIGRATIONS).toContain(addColumn(SQLITE, language, "en"));
    expect(POSTGRES_MIGRATIONS).toContain(addColumn(POSTGRES, language, "en"));
  });

  it("a nullable field: one ALTER TABLE; a field that may not be null: refused without the value stored rows get", () => {
    expect(addColumn(POSTGRES, nextField)).toBe("ALTER TABLE inquiries ADD COLUMN next_field text;");
    expect(addColumn(SQLITE, { ...nextField, type: "timestamp" })).toBe(
      "ALTER TABLE inquiries ADD COLUMN next_field TEXT;",
    );
    expect(() => addColumn(SQLITE, { ...nextField, nullable: false })).toThrow(
      "addColumn: next_field is NOT NULL: name the value existing rows get",
    );
    expect(addColumn(SQLITE, { ...nextField, nullable: false }, "it's")).toBe(
      "ALTER TABLE inquiries ADD COLUMN next_field TEXT NOT NULL DEFAULT 'it''s';",
    );
  });
});
