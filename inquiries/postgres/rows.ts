import type { Delivery, DeliveryState, StoredInquiry } from "../store.ts";

/** The columns of a StoredInquiry, as the API names them (timestamps as ISO strings, like SQLite's). */
export const INQUIRY_COLUMNS =
  "id, received_at, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message, language";

export type InquiryRow = Omit<StoredInquiry, "receivedAt"> & { received_at: Date };

export function toInquiry({ received_at, ...row }: InquiryRow): StoredInquiry {
  const { id, kind, name, email, company, role, arr, industry, challenges, objectives, timeline, message, language } =
    row;
  return {
    id,
    receivedAt: received_at.toISOString(),
    kind,
    name,
    email,
    company,
    role,
    arr,
    industry,
    challenges,
    objectives,
    timeline,
    message,
    language,
  };
}

export const DELIVERY_COLUMNS =
  "id, inquiry_id, channel, attempts, status, created_at, next_attempt_at, last_error, sent_at, dead_at";

export interface DeliveryRow {
  id: string;
  inquiry_id: string;
  channel: string;
  attempts: number;
  status: DeliveryState;
  created_at: Date;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  dead_at: Date | null;
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: Number(row.id),
    inquiryId: row.inquiry_id,
    channel: row.channel,
    attempts: row.attempts,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: iso(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
    deadAt: iso(row.dead_at),
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
