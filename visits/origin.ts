// Where the visit that sent an inquiry came from, as the server records it
// with the inquiry (inquiries/fields.ts: sentFrom, landingPage, referrerHost,
// utm_*): from what the page's script kept in memory (site/lib/visit.ts), sent
// beside the form's fields as `origin`; for a form posted without JavaScript,
// from the Referer header (the form's page on this site, or another site's host).
// Every part is reduced as the view counts are (key.ts), or null.
import { z } from "zod";
import type { VisitOrigin } from "../inquiries/fields.ts";
import { campaignValue, knownPage, referrerHost } from "./key.ts";

/** What the form's script sends as `origin`; strings bounded here, reduced below. A body that is not this is ignored. */
const Sent = z.strictObject({
  sentFrom: z.string().max(512).optional(),
  landingPage: z.string().max(512).optional(),
  referrerHost: z.string().max(2048).optional(),
  utmSource: z.string().max(1024).optional(),
  utmMedium: z.string().max(1024).optional(),
  utmCampaign: z.string().max(1024).optional(),
});

export interface OriginContext {
  /** The built site's pages (server/static.ts `pagePaths`). */
  pages: ReadonlySet<string>;
  /** The request's Host header: a referrer of this site is no referrer. */
  host: string | undefined;
  /** The request's Referer header. */
  referer: string | undefined;
  campaignValueMaxLength: number;
}

const orNull = (text: string) => (text === "" ? null : text);

/** The Referer's path when it is a page of this site, else null. */
function refererPage(context: OriginContext): string | null {
  if (!context.referer) return null;
  try {
    const url = new URL(context.referer);
    if (referrerHost(context.referer, context.host) !== "") return null;
    return knownPage(url.pathname, context.pages) ?? null;
  } catch {
    return null;
  }
}

/**
 * The origin to store with an inquiry: the script's `origin` when it sent one
 * that parses, else what the Referer tells (a form without JavaScript: the
 * form's page is where it was sent from and, for all the server knows, where
 * the visit began; another site's host is the referrer).
 */
export function inquiryOrigin(sent: unknown, context: OriginContext): VisitOrigin {
  const max = context.campaignValueMaxLength;
  const parsed = Sent.safeParse(sent);
  if (sent !== undefined && parsed.success) {
    const page = (path: string | undefined) => (path ? (knownPage(path, context.pages) ?? null) : null);
    return {
      sentFrom: page(parsed.data.sentFrom) ?? refererPage(context),
      landingPage: page(parsed.data.landingPage),
      referrerHost: orNull(referrerHost(parsed.data.referrerHost, context.host)),
      utmSource: orNull(campaignValue(parsed.data.utmSource, max)),
      utmMedium: orNull(campaignValue(parsed.data.utmMedium, max)),
      utmCampaign: orNull(campaignValue(parsed.data.utmCampaign, max)),
    };
  }
  const sentFrom = refererPage(context);
  return {
    sentFrom,
    landingPage: sentFrom,
    referrerHost: orNull(referrerHost(context.referer, context.host)),
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
  };
}
