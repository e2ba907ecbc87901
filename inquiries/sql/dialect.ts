import type { FieldSpec, ValueType } from "../fields.ts";

/**
 * What differs between the two databases in the SQL both stores share; the
 * rest (drivers: sync better-sqlite3, pooled async pg; transactions; the
 * idempotent insert; the rate limit's table) stays in each store.
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** The placeholder of the n-th value (from 1). */
  placeholder(n: number): string;
  /** The column type of a field's value type. */
  readonly types: Readonly<Record<ValueType, string>>;
  /** The column that keeps the order of arrival among inquiries received at the same time. */
  readonly arrival: string;
  /** What a claim's inner SELECT adds so that claims made at once skip each other's rows. */
  readonly skipLocked: string;
  /** Text from outside (a receiver's error) as the database can keep it. */
  storable(text: string): string;
}

export const SQLITE: Dialect = {
  name: "sqlite",
  placeholder: () => "?",
  // Times as ISO strings in UTC, which sort as they compare.
  types: { text: "TEXT", timestamp: "TEXT", kind: "TEXT", integer: "INTEGER" },
  arrival: "rowid",
  // One writer at a time: a claim's transaction holds the file's write lock.
  skipLocked: "",
  storable: (text) => text,
};

export const POSTGRES: Dialect = {
  name: "postgres",
  placeholder: (n) => `$${n}`,
  types: { text: "text", timestamp: "timestamptz", kind: "text", integer: "integer" },
  arrival: "seq",
  skipLocked: "FOR UPDATE SKIP LOCKED",
  // PostgreSQL's text refuses NUL.
  storable: (text) => text.replaceAll("\u0000", ""),
};

/**
 * The migration that adds `field` to the inquiries table, for one dialect:
 * one entry in each store's MIGRATIONS. A field that may not be null needs
 * `existing`, the value the rows already stored get (written as history, a
 * constant); the store always writes it from then on, so PostgreSQL drops the
 * default again and refuses an insert without one.
 */
export function addColumn(
  dialect: Dialect,
  field: Pick<FieldSpec, "column" | "type" | "nullable">,
  existing?: string,
): string {
  const type = dialect.types[field.type];
  if (field.nullable) return `ALTER TABLE inquiries ADD COLUMN ${field.column} ${type};`;
  if (existing === undefined)
    throw new Error(`addColumn: ${field.column} is NOT NULL: name the value existing rows get`);
  const add = `ALTER TABLE inquiries ADD COLUMN ${field.column} ${type} NOT NULL DEFAULT '${existing.replaceAll("'", "''")}';`;
  if (dialect.name === "sqlite") return add;
  return `${add}\n   ALTER TABLE inquiries ALTER COLUMN ${field.column} DROP DEFAULT;`;
}
