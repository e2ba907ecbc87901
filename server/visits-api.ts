import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { rateLimiter } from "hono-rate-limiter";
import { z } from "zod";
import { visits } from "../site/generated/behaviour.ts";
import { defaultLocale, locales } from "../site/generated/locales.ts";
import type { ViewBatcher } from "../visits/batcher.ts";
import { isAutomated } from "../visits/bots.ts";
import { campaignValue, dayOf, knownPage, pageAndLanguage, referrerHost } from "../visits/key.ts";
import { NO_TRUSTED_PROXIES, type TrustedProxies } from "./client-address.ts";
import { addressKey } from "./rate-limit-store.ts";
import { clientAddressOf, reportError } from "./request-errors.ts";

/** A view report is a few hundred bytes; anything much larger is not one. */
export const MAX_VIEW_BYTES = 4 * 1024;
const MINUTE_MS = 60_000;

export interface VisitsApiOptions {
  batcher: ViewBatcher;
  /** The built site's pages, each language's under its prefix ("/", "/about", "/de/about"). */
  pages: ReadonlySet<string>;
  /** Keys the hash the per-client limit is counted under, in memory (never the address itself). */
  rateLimitSecret?: string | undefined;
  trustedProxies?: TrustedProxies;
  now?: () => Date;
  log?: (message: string) => void;
}

/** What the page's script sends (site/lib/visit.ts). Strings are bounded here and reduced further when counted. */
const ViewReport = z.strictObject({
  path: z.string().min(1).max(512).startsWith("/"),
  landing: z.boolean().optional(),
  referrer: z.string().max(2048).optional(),
  source: z.string().max(1024).optional(),
  medium: z.string().max(1024).optional(),
  campaign: z.string().max(1024).optional(),
});

type ErrorCode =
  | "payload_too_large"
  | "unsupported_media_type"
  | "malformed_body"
  | "unknown_page"
  | "rate_limited"
  | "method_not_allowed"
  | "internal_error";

function problem(c: Context, status: 400 | 405 | 413 | 415 | 422 | 429 | 500, code: ErrorCode, message: string) {
  return c.json({ error: { code, message } }, status);
}

/** A request the browser made ahead of a navigation, not a view: `Sec-Purpose: prefetch` and its older names. */
function isPrefetch(c: Context): boolean {
  const purpose = `${c.req.header("sec-purpose") ?? ""} ${c.req.header("purpose") ?? ""} ${c.req.header("x-moz") ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}

/**
 * POST /api/views: the page's script reports the page it shows; the view is
 * summed in memory (ViewBatcher) and written with the others every few
 * seconds. Answers 204 whether or not it counted (a bot, a prefetch): the
 * script never reads it. Nothing of the request is stored or logged beyond
 * the count's key; the user agent is read to leave out automated agents,
 * the address only to bound views per client (a keyed hash, in memory).
 */
export function visitsApi(options: VisitsApiOptions): Hono {
  const api = new Hono();
  const log = options.log ?? console.log;
  const trust = options.trustedProxies ?? NO_TRUSTED_PROXIES;
  const now = options.now ?? (() => new Date());

  api.post(
    "/",
    bodyLimit({
      maxSize: MAX_VIEW_BYTES,
      onError: (c) => problem(c, 413, "payload_too_large", `a view report is at most ${MAX_VIEW_BYTES} bytes`),
    }),
    rateLimiter({
      // In this server's memory: a bound against floods, not a record; it ends with the minute.
      windowMs: MINUTE_MS,
      limit: visits.viewsPerClientPerMinute,
      standardHeaders: "draft-6",
      keyGenerator: (c) => addressKey(clientAddressOf(c, trust), options.rateLimitSecret),
      handler: (c) =>
        problem(c, 429, "rate_limited", `more than ${visits.viewsPerClientPerMinute} views a minute from this address`),
    }),
    async (c) => {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      // sendBeacon with a string sends text/plain; a fetch may say JSON.
      if (type !== "text/plain" && type !== "application/json") {
        return problem(c, 415, "unsupported_media_type", "send the view as JSON (text/plain or application/json)");
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer()));
      } catch {
        return problem(c, 400, "malformed_body", "the body is not JSON in UTF-8");
      }
      const report = ViewReport.safeParse(body);
      if (!report.success) {
        return problem(c, 400, "malformed_body", "expected {path, landing?, referrer?, source?, medium?, campaign?}");
      }
      if (isPrefetch(c) || isAutomated(c.req.header("user-agent"))) return c.body(null, 204);
      const path = knownPage(report.data.path, options.pages);
      if (!path) return problem(c, 422, "unknown_page", "the path is not a page of this site");
      const { page, language } = pageAndLanguage(path, locales, defaultLocale);
      const landing = report.data.landing === true;
      const max = visits.campaignValueMaxLength;
      options.batcher.add({
        day: dayOf(now()),
        page,
        language,
        landing,
        // Where the visit came from belongs to its first page only.
        referrerHost: landing ? referrerHost(report.data.referrer, c.req.header("host")) : "",
        utmSource: landing ? campaignValue(report.data.source, max) : "",
        utmMedium: landing ? campaignValue(report.data.medium, max) : "",
        utmCampaign: landing ? campaignValue(report.data.campaign, max) : "",
      });
      return c.body(null, 204);
    },
  );

  api.all("/", (c) => {
    c.header("Allow", "POST");
    return problem(c, 405, "method_not_allowed", `${c.req.method} is not allowed here; report a view with POST`);
  });

  api.onError((error, c) => {
    const report = reportError(c, error, { area: "visits", log, trust });
    if (report.clientGone) return c.body(null, 408);
    return problem(c, 500, "internal_error", `the view was not counted (request ${report.id})`);
  });
  return api;
}
