import { createHash, randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { rateLimiter } from "hono-rate-limiter";
import { z } from "zod";
import { type Language, languageOr, pageIn } from "../inquiries/language.ts";
import { fieldErrors, inquirySchemaFor } from "../inquiries/schema.ts";
import { type InquiryStore, StoreBusyError } from "../inquiries/store.ts";
import type { Inquiry } from "../schemas/inquiry.ts";
import { visits } from "../site/generated/behaviour.ts";
import { retention } from "../site/generated/legal.ts";
import { inquiryOrigin } from "../visits/origin.ts";
import { NO_TRUSTED_PROXIES, type TrustedProxies } from "./client-address.ts";
import { addressKey, InquiryRateLimitStore } from "./rate-limit-store.ts";
import { type BodyError, readBody } from "./read-body.ts";
import { clientAddressOf, reportError } from "./request-errors.ts";

export const MAX_BODY_BYTES = 32 * 1024;
/** Seconds a client is asked to wait after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_S = 2;
/** A field real visitors never see or fill; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";
/** Beside the form's fields in a JSON body: where the visit came from (site/lib/visit.ts), not a field of the inquiry. */
export const ORIGIN_FIELD = "origin";
/** Where a plain (JavaScript-off) form post lands after success, in the default language's paths. */
export const SENT_PAGE = "/contact/sent";

/** The confirmation page in the language the form was sent in: "/de/contact/sent". */
export function sentPage(language: Language): string {
  return pageIn(language, SENT_PAGE);
}

export interface InquiriesApiOptions {
  store: InquiryStore;
  /** Inquiries per client address per rate-limit window. */
  rateLimit: number;
  /** Keys the hash of client addresses in the rate limit's counters (the same on every server); see addressKey. */
  rateLimitSecret?: string | undefined;
  /** The proxies in front whose forwarded header names the client (none: the socket's peer is the client). */
  trustedProxies?: TrustedProxies;
  /** The delivery channels each inquiry is queued for ("mail", …); none when empty. */
  channels: readonly string[];
  /** The built site's pages (server/static.ts `pagePaths`): the pages an inquiry's origin may name. */
  pages?: ReadonlySet<string>;
  /** Called after an inquiry is committed (to wake the outbox). */
  onStored?: (id: string) => void;
  /** Renders the form page again with the errors, for posts without JavaScript. */
  renderFormWithErrors?: (
    c: Context,
    form: {
      kind: "full" | "quick";
      /** The language of the page the form was sent from: its page is rendered again, in it. */
      language: Language;
      errors: Record<string, string>;
      values: Record<string, string>;
    },
  ) => Promise<Response>;
  log?: (message: string) => void;
}

const IdempotencyKey = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\w.:-]+$/);

type ErrorCode =
  | BodyError["code"]
  | "payload_too_large"
  | "method_not_allowed"
  | "busy"
  | "validation_failed"
  | "rate_limited"
  | "idempotency_conflict"
  | "invalid_idempotency_key"
  | "internal_error";

function problem(
  c: Context,
  status: 400 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
  code: ErrorCode,
  message: string,
  extra = {},
) {
  return c.json({ error: { code, message, ...extra } }, status);
}

/** POST /api/inquiries: validates, stores (committed before answering), and queues a notification. */
export function inquiriesApi(options: InquiriesApiOptions): Hono {
  const api = new Hono();
  const log = options.log ?? console.log;
  const windowMs = retention.rateLimitWindowSeconds * 1000;

  const trust = options.trustedProxies ?? NO_TRUSTED_PROXIES;

  api.post(
    "/",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, "payload_too_large", `the body is over ${MAX_BODY_BYTES / 1024} KB`),
    }),
    // The whole body (at most 32 KB) first, then the database: the server's timeouts
    // (server/http-server.ts) then measure how the client sends, never how long the rate
    // limit's count waits for a busy database.
    async (c, next) => {
      await c.req.arrayBuffer();
      await next();
    },
    rateLimiter({
      // Counted in the inquiry database (shared by every server), for the window the privacy
      // notice states (data/legal.yaml), under a hash of the address; deleted when the window ends.
      windowMs,
      limit: options.rateLimit,
      standardHeaders: "draft-6",
      store: new InquiryRateLimitStore(options.store, windowMs),
      keyGenerator: (c) => addressKey(clientAddressOf(c, trust), options.rateLimitSecret),
      // Count inquiries, not attempts: a visitor correcting a rejected form is not locked out.
      skipFailedRequests: true,
      handler: (c) =>
        problem(
          c,
          429,
          "rate_limited",
          `more than ${options.rateLimit} inquiries from this address in ${retention.rateLimitWindowSeconds} seconds; try again later`,
        ),
    }),
    async (c) => {
      const read = await readBody(c);
      if (!read.ok) return problem(c, read.status, read.code, read.message);
      const { isJson, body } = read;
      const isForm = !isJson;
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        return problem(c, 422, "validation_failed", "the body must be a JSON object", { fields: {} });
      }

      // `origin`: where the visit came from, kept by the page's script beside the form's fields (visits/origin.ts).
      const { [HONEYPOT_FIELD]: honeypot, [ORIGIN_FIELD]: sentOrigin, ...fields } = body as Record<string, unknown>;
      if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") {
        // Answer as if stored, so the bot learns nothing; store nothing.
        // No address in the log: the privacy notice promises logs without personal data.
        log("inquiries: honeypot filled; dropped");
        return isJson ? c.json({ id: randomUUID() }, 201) : c.redirect(sentPage(languageOr(fields.language)), 303);
      }

      // The messages in the language the visitor wrote in (the page's, sent with the form).
      const parsed = inquirySchemaFor(fields.language).safeParse(fields);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        // A field the form does not have, or a language the site does not have, was not typed by a
        // visitor: there is nothing to show them next to a field, so a form post gets the same 422
        // as the JSON body.
        const notTyped = parsed.error.issues.some(
          (issue) => issue.code === "unrecognized_keys" || issue.path[0] === "language",
        );
        if (
          isForm &&
          !notTyped &&
          options.renderFormWithErrors &&
          (fields.kind === "full" || fields.kind === "quick")
        ) {
          return options.renderFormWithErrors(c, {
            kind: fields.kind,
            language: languageOr(fields.language),
            errors,
            values: fields as Record<string, string>,
          });
        }
        return problem(c, 422, "validation_failed", "some fields are not valid", { fields: errors });
      }

      const keyHeader = c.req.header("idempotency-key");
      const key = keyHeader === undefined ? undefined : IdempotencyKey.safeParse(keyHeader);
      if (key && !key.success) {
        return problem(
          c,
          400,
          "invalid_idempotency_key",
          "Idempotency-Key must be 8-200 letters, digits, '.', ':', '_' or '-'",
        );
      }

      let result: Awaited<ReturnType<InquiryStore["insert"]>>;
      try {
        result = await options.store.insert(parsed.data, {
          idempotencyKey: key?.data,
          bodyHash: hash(parsed.data),
          channels: options.channels,
          origin: inquiryOrigin(sentOrigin, {
            pages: options.pages ?? new Set(),
            host: c.req.header("host"),
            referer: c.req.header("referer"),
            campaignValueMaxLength: visits.campaignValueMaxLength,
          }),
        });
      } catch (error) {
        if (!(error instanceof StoreBusyError)) throw error;
        return busy(c);
      }
      if ("conflict" in result) {
        return problem(c, 409, "idempotency_conflict", "this Idempotency-Key was used for a different inquiry");
      }
      if (!result.replayed) options.onStored?.(result.id);
      if (isForm) return c.redirect(sentPage(languageOr(parsed.data.language)), 303);
      if (result.replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ id: result.id }, 201);
    },
  );

  // The endpoint takes POST only; anything else is told so, in JSON like every other answer here.
  api.all("/", (c) => {
    c.header("Allow", "POST");
    return problem(c, 405, "method_not_allowed", `${c.req.method} is not allowed here; send the inquiry with POST`);
  });

  // The browser retries a 503 with the same Idempotency-Key: stored once when the database is free.
  const busy = (c: Context) => {
    log("inquiries: the database is busy; answered 503");
    c.header("Retry-After", String(BUSY_RETRY_AFTER_S));
    return problem(c, 503, "busy", "the inquiry could not be stored just now; please try again in a moment");
  };

  api.onError((error, c) => {
    // The rate limit's count is in the database too: unreachable there is busy, not broken.
    if (error instanceof StoreBusyError) return busy(c);
    const report = reportError(c, error, { area: "inquiries", log, trust });
    // Gone: no one reads this answer; the line above is all that is said.
    if (report.clientGone) return c.body(null, 408);
    c.header("X-Request-Id", report.id);
    return problem(c, 500, "internal_error", "the inquiry could not be stored; please try again", {
      requestId: report.id,
    });
  });

  return api;
}

function hash(inquiry: Inquiry): string {
  const sorted = Object.fromEntries(Object.entries(inquiry).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}
