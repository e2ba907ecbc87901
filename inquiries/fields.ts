import type { FullField, Inquiry, QuickField } from "../schemas/inquiry.ts";

/**
 * The one list of an inquiry's stored fields. The stores build their column
 * lists, inserts and row mapping from it, `StoredInquiry` is derived from it,
 * the PostgreSQL copy moves its columns, and `inquiries export` writes its
 * columns in this order. Adding a field: docs/architecture.md, "Adding a field".
 */

/** How a value is kept: each dialect's column type (inquiries/sql/dialect.ts) and its type in TypeScript. */
export interface ValueTypes {
  text: string;
  /** An ISO 8601 time in UTC ("2026-03-01T10:00:00.000Z"), as `Date.toISOString()` writes it. */
  timestamp: string;
  kind: Inquiry["kind"];
  integer: number;
}
export type ValueType = keyof ValueTypes;

export interface FieldSpec {
  /** The name in `StoredInquiry`, the API, the webhook, the export. */
  readonly name: string;
  readonly column: string;
  readonly type: ValueType;
  readonly nullable: boolean;
  /** "inquiry": the parsed inquiry's field of this name (null when its form has none); "server": the store sets it. */
  readonly source: "inquiry" | "server";
  /** How the CLI names it where the forms (data/, formVocabulary) have no label for it. */
  readonly label: string;
}

export const INQUIRY_FIELDS = [
  { name: "id", column: "id", type: "text", nullable: false, source: "server", label: "Id" },
  {
    name: "receivedAt",
    column: "received_at",
    type: "timestamp",
    nullable: false,
    source: "server",
    label: "Received",
  },
  { name: "kind", column: "kind", type: "kind", nullable: false, source: "inquiry", label: "Form" },
  // The language the visitor wrote in (a code of data/locales.yaml), which the partners answer in.
  { name: "language", column: "language", type: "text", nullable: false, source: "inquiry", label: "Language" },
  { name: "name", column: "name", type: "text", nullable: false, source: "inquiry", label: "Name" },
  { name: "email", column: "email", type: "text", nullable: false, source: "inquiry", label: "E-mail" },
  { name: "company", column: "company", type: "text", nullable: false, source: "inquiry", label: "Company" },
  { name: "role", column: "role", type: "text", nullable: true, source: "inquiry", label: "Role" },
  { name: "arr", column: "arr", type: "text", nullable: true, source: "inquiry", label: "ARR" },
  { name: "industry", column: "industry", type: "text", nullable: true, source: "inquiry", label: "Industry" },
  { name: "timeline", column: "timeline", type: "text", nullable: true, source: "inquiry", label: "Timeline" },
  { name: "challenges", column: "challenges", type: "text", nullable: true, source: "inquiry", label: "Challenges" },
  { name: "objectives", column: "objectives", type: "text", nullable: true, source: "inquiry", label: "Objectives" },
  { name: "message", column: "message", type: "text", nullable: true, source: "inquiry", label: "Message" },
  // Where the visit that sent it came from (visits/origin.ts): the page it was sent from, the visit's first
  // page, the referring site's host and the link's campaign tags; null when not known. Never an identifier.
  { name: "sentFrom", column: "sent_from", type: "text", nullable: true, source: "server", label: "Sent from" },
  {
    name: "landingPage",
    column: "landing_page",
    type: "text",
    nullable: true,
    source: "server",
    label: "Landing page",
  },
  { name: "referrerHost", column: "referrer_host", type: "text", nullable: true, source: "server", label: "Referrer" },
  { name: "utmSource", column: "utm_source", type: "text", nullable: true, source: "server", label: "utm_source" },
  { name: "utmMedium", column: "utm_medium", type: "text", nullable: true, source: "server", label: "utm_medium" },
  {
    name: "utmCampaign",
    column: "utm_campaign",
    type: "text",
    nullable: true,
    source: "server",
    label: "utm_campaign",
  },
] as const satisfies readonly FieldSpec[];

export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryFieldName = InquiryField["name"];

/** A stored inquiry: the visitor's fields plus what the server knows, one property per field of INQUIRY_FIELDS. */
export type StoredInquiry = {
  -readonly [F in InquiryField as F["name"]]: ValueTypes[F["type"]] | (F["nullable"] extends true ? null : never);
};

/**
 * Columns of the inquiries table that are the store's bookkeeping, not the
 * inquiry: written on insert, copied by `inquiries migrate --to`, never read
 * back as part of a StoredInquiry.
 */
export const BOOKKEEPING_COLUMNS = [
  // The form an address is looked up by (foldEmail), for access and erasure requests.
  { column: "email_folded", type: "text", nullable: false },
  { column: "idempotency_key", type: "text", nullable: true },
  { column: "body_hash", type: "text", nullable: false },
] as const satisfies readonly Pick<FieldSpec, "column" | "type" | "nullable">[];

/** Every column an insert writes and a copy moves: the fields, then the bookkeeping. */
export const INQUIRY_COLUMNS: readonly string[] = [
  ...INQUIRY_FIELDS.map((field) => field.column),
  ...BOOKKEEPING_COLUMNS.map((column) => column.column),
];

/** The fields that say where the visit came from: what the server is given beside the inquiry (InsertOptions.origin). */
export type VisitOrigin = Pick<
  StoredInquiry,
  "sentFrom" | "landingPage" | "referrerHost" | "utmSource" | "utmMedium" | "utmCampaign"
>;

/** The row an insert writes, by column: the inquiry's fields, what the server knows, the bookkeeping. */
export function insertRow(
  inquiry: Inquiry,
  server: { id: string; receivedAt: string } & Partial<VisitOrigin>,
  bookkeeping: { email_folded: string; idempotency_key: string | null; body_hash: string },
): Record<string, unknown> {
  const given = inquiry as Readonly<Record<string, unknown>>;
  const serverValues: Readonly<Record<string, unknown>> = server;
  const row: Record<string, unknown> = {};
  for (const field of INQUIRY_FIELDS) {
    row[field.column] = (field.source === "server" ? serverValues[field.name] : given[field.name]) ?? null;
  }
  return { ...row, ...bookkeeping };
}

/** Every field a form has (schemas/inquiry.ts) is a stored field: a form field the table lacks fails the typecheck, naming it. */
type AllKeys<T> = T extends unknown ? keyof T : never;
type Unstored = Exclude<AllKeys<Inquiry> | FullField | QuickField, InquiryFieldName>;
const everyFormFieldIsStored: [Unstored] extends [never] ? true : { notInInquiryFields: Unstored } = true;
void everyFormFieldIsStored;
