import { createHmac } from "node:crypto";
import { type FormVocabulary, optionLabels } from "../labels.ts";
import { type MatchConsultant, suggestMatches } from "../match.ts";
import { type DeliveryChannel, DeliveryError } from "../outbox.ts";
import type { StoredInquiry } from "../store.ts";

export interface WebhookChannelOptions {
  url: string;
  /** `whsec_` and the base64 key (Standard Webhooks). */
  secret: string;
  /** How long one request may take before it counts as failed. */
  timeoutMs: number;
  /** The select options' labels, sent beside the values they name. */
  vocabulary: FormVocabulary;
  /** The consultants, for the suggested match. */
  consultants?: readonly MatchConsultant[];
  /** The longest Retry-After honoured; a receiver asking for more is tried again after this. */
  maxRetryAfterMs?: number;
  /** The clock of the webhook-timestamp header, for tests. */
  now?: () => Date;
}

export const WEBHOOK_EVENT = "inquiry.created";

/**
 * Each inquiry POSTed as JSON to the firm's CRM, signed as the Standard
 * Webhooks specification says (https://www.standardwebhooks.com): the
 * headers webhook-id (the same on every retry, so the receiver can drop a
 * duplicate), webhook-timestamp and webhook-signature
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret).
 * 2xx is delivered; 410 is gone for good; 429 and 503 say when to come back.
 */
export class WebhookChannel implements DeliveryChannel {
  readonly name = "webhook";
  readonly label = "webhook";
  private readonly key: Buffer;

  constructor(private readonly options: WebhookChannelOptions) {
    this.key = Buffer.from(options.secret.replace(/^whsec_/, ""), "base64");
  }

  /**
   * The JSON body: the event, when the inquiry arrived, the stored inquiry
   * (select fields as their option values, which machines match on), the
   * labels the visitor saw for those values, and the suggested consultants.
   */
  payload(inquiry: StoredInquiry): string {
    return JSON.stringify({
      type: WEBHOOK_EVENT,
      timestamp: inquiry.receivedAt,
      data: {
        ...inquiry,
        labels: optionLabels(inquiry, this.options.vocabulary.options),
        suggestedConsultants: suggestMatches(inquiry, this.options.consultants ?? []),
      },
    });
  }

  /** The three Standard Webhooks headers for `body`, sent at `now`. */
  sign(inquiry: StoredInquiry, body: string, now: Date): Record<string, string> {
    const id = `msg_${inquiry.id}`;
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const signature = createHmac("sha256", this.key).update(`${id}.${timestamp}.${body}`).digest("base64");
    return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
  }

  async deliver(inquiry: StoredInquiry): Promise<void> {
    const body = this.payload(inquiry);
    const now = this.options.now?.() ?? new Date();
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...this.sign(inquiry, body, now) },
        body,
        // A redirect could carry the inquiry somewhere the firm did not configure.
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(requestFailure(error, this.options.timeoutMs));
    }
    // The receiver's body is not read: it might echo the inquiry, and the log must not.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return;
    const status = `HTTP ${response.status}`;
    if (response.status === 410) throw new DeliveryError(`${status} Gone`, { gone: true });
    if (response.status === 429 || response.status === 503) {
      const wait = retryAfterMs(response.headers.get("retry-after"), now);
      const max = this.options.maxRetryAfterMs ?? 3_600_000;
      throw new DeliveryError(`${status}${wait === undefined ? "" : `, Retry-After ${Math.ceil(wait / 1000)} s`}`, {
        retryAfterMs: wait === undefined ? undefined : Math.min(wait, max),
      });
    }
    throw new DeliveryError(status);
  }
}

/** Retry-After in seconds or as an HTTP date; undefined when missing or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date starts with the day's name ("Sun, 01 Mar 2026 12:00:00 GMT").
  if (!/^[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

function requestFailure(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  // Never a URL's user name or password (fetch quotes a URL that holds them whole).
  const text = cause?.code ?? cause?.message ?? (error as Error).message;
  return `request failed: ${text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#\s]*@/gi, "$1")}`;
}
