// Loaded on demand (first focus in a form, or submit): the inquiry schema
// (zod) and the sending logic are not part of any page's first-load script.

import { fieldErrors, makeInquirySchema } from "../../../schemas/inquiry.ts";
import { retry } from "../../generated/behaviour.ts";
import { inquiries } from "../../generated/site.ts";
import { inquirySchemaByLocale } from "../../lib/content/inquiry-schema.ts";
import type { Locale } from "../../lib/locale.ts";
import { canRetry, type RetryPolicy, retryDelay } from "../../lib/retry.ts";
import { visitOrigin } from "../../lib/visit.ts";

/** The server's schema (inquiries/schema.ts), built from the same generated input, with the page's language's messages. */
const schemas = new Map<Locale, ReturnType<typeof makeInquirySchema>>();
function inquirySchema(locale: Locale) {
  let schema = schemas.get(locale);
  if (!schema) {
    schema = makeInquirySchema(inquirySchemaByLocale[locale].inquirySchemaInput);
    schemas.set(locale, schema);
  }
  return schema;
}

export type Validation = { ok: true; value: unknown } | { ok: false; errors: Record<string, string> };

export function validate(values: Record<string, string>, locale: Locale): Validation {
  const parsed = inquirySchema(locale).safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

export type SendResult =
  | { ok: true; id: string }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "network" | "server" | "rateLimited" };

/**
 * POSTs the inquiry as JSON with an idempotency key (the same for every try
 * of one submission, so the server stores it once). Network failures and
 * 5xx answers are retried with the data's retry policy; 4xx answers are not.
 */
export async function send(
  value: unknown,
  idempotencyKey: string,
  options: { policy?: RetryPolicy; endpoint?: string; sleep?: (ms: number) => Promise<void> } = {},
): Promise<SendResult> {
  const policy = options.policy ?? retry;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let last: SendResult = { ok: false, reason: "network" };
  for (let attempt = 1; ; attempt++) {
    last = await sendOnce(options.endpoint ?? inquiries.endpoint, value, idempotencyKey);
    const retryable = !last.ok && (last.reason === "network" || last.reason === "server");
    if (!retryable || !canRetry(attempt, policy)) return last;
    await sleep(retryDelay(attempt, policy));
  }
}

/**
 * The inquiry with where the visit came from (site/lib/visit.ts), for this
 * site's own server only: another endpoint (a static deployment's) gets the
 * form's fields alone.
 */
function withOrigin(value: unknown, endpoint: string): unknown {
  if (!endpoint.startsWith("/") || value === null || typeof value !== "object") return value;
  return { ...value, origin: { sentFrom: location.pathname, ...visitOrigin() } };
}

async function sendOnce(endpoint: string, value: unknown, idempotencyKey: string): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify(withOrigin(value, endpoint)),
    });
  } catch {
    return { ok: false, reason: "network" };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return { ok: true, id: body.id ?? "" };
  }
  if (response.status === 422) {
    const body = (await response.json().catch(() => ({}))) as { error?: { fields?: Record<string, string> } };
    return { ok: false, reason: "invalid", errors: body.error?.fields ?? {} };
  }
  if (response.status === 429) return { ok: false, reason: "rateLimited" };
  return { ok: false, reason: "server" };
}
