import { INQUIRY_FIELDS, type StoredInquiry, type ValueType } from "../fields.ts";
import type { Delivery } from "../store.ts";
import { raw } from "./sql.ts";

/**
 * Rows as both drivers return them, made the same: times as ISO strings
 * (pg returns timestamptz as a Date, SQLite keeps the string), counts and
 * ids as numbers (pg returns bigint as a string).
 */
export type Row = Readonly<Record<string, unknown>>;

type Column = { name: string; column: string; type: ValueType };

/** The outbox's columns as a Delivery names them. */
const DELIVERY_FIELDS = [
  { name: "id", column: "id", type: "integer" },
  { name: "inquiryId", column: "inquiry_id", type: "text" },
  { name: "channel", column: "channel", type: "text" },
  { name: "attempts", column: "attempts", type: "integer" },
  { name: "status", column: "status", type: "text" },
  { name: "createdAt", column: "created_at", type: "timestamp" },
  { name: "nextAttemptAt", column: "next_attempt_at", type: "timestamp" },
  { name: "lastError", column: "last_error", type: "text" },
  { name: "sentAt", column: "sent_at", type: "timestamp" },
  { name: "deadAt", column: "dead_at", type: "timestamp" },
] as const satisfies readonly (Column & { name: keyof Delivery })[];

/** `received_at AS "receivedAt", …`: a SELECT list that names each column as the API does. */
function selectList(fields: readonly Column[]) {
  return raw(fields.map(({ name, column }) => (name === column ? column : `${column} AS "${name}"`)).join(", "));
}

function normalize<T>(fields: readonly Column[], row: Row): T {
  const out: Record<string, unknown> = {};
  for (const { name, type } of fields) {
    const value = row[name] ?? null;
    if (value === null) out[name] = null;
    else if (type === "timestamp") out[name] = value instanceof Date ? value.toISOString() : value;
    else if (type === "integer") out[name] = Number(value);
    else out[name] = value;
  }
  return out as T;
}

export const INQUIRY_SELECT = selectList(INQUIRY_FIELDS);
export const DELIVERY_SELECT = selectList(DELIVERY_FIELDS);
/** The outbox columns a copy moves: all but the id, which the target numbers anew. */
export const OUTBOX_COPY_COLUMNS = DELIVERY_FIELDS.filter(({ name }) => name !== "id");

export const toInquiry = (row: Row): StoredInquiry => normalize(INQUIRY_FIELDS, row);
export const toDelivery = (row: Row): Delivery => normalize(DELIVERY_FIELDS, row);
