import { Hono } from "hono";
import { compress } from "hono/compress";
import { externalOrigins, securityHeaders } from "../security/headers.ts";
import { visits } from "../site/generated/behaviour.ts";
import { inquiries } from "../site/generated/site.ts";
import type { ViewBatcher } from "../visits/batcher.ts";
import { NO_TRUSTED_PROXIES } from "./client-address.ts";
import { CompressedCache, DEFAULT_CACHE_MB } from "./compressed-cache.ts";
import { health } from "./health.ts";
import { type InquiriesApiOptions, inquiriesApi } from "./inquiries-api.ts";
import { reportError } from "./request-errors.ts";
import { mountStatic, pagePaths, publishedFiles } from "./static.ts";
import { visitsApi } from "./visits-api.ts";

export interface AppOptions extends Omit<InquiriesApiOptions, "log"> {
  /** The pre-rendered site, dist/client. */
  clientDir: string;
  /** True once the server is shutting down: /readyz answers 503. */
  isStopping?: () => boolean;
  log?: (message: string) => void;
  /** Counts page views (POST /api/views) into this batcher; without it the endpoint is not there. */
  views?: ViewBatcher;
  /** Keeps what the static files are compressed into on the fly; by default one of DEFAULT_CACHE_MB. */
  compressedCache?: CompressedCache;
}

/** The production app: security headers, health, the inquiries API and the pre-rendered site. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? console.log;
  const headers = securityHeaders(externalOrigins(inquiries.endpoint));
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  // The API's answers (JSON, the form page without JavaScript); static files and
  // the 404 page are compressed by mountStatic, which keeps what it compressed.
  app.use("/api/*", compress());
  app.route("/", health({ store: options.store, isStopping: options.isStopping }));
  const pages = pagePaths(publishedFiles(options.clientDir));
  app.route("/api/inquiries", inquiriesApi({ ...options, pages, log }));
  if (options.views) {
    app.route(
      visits.endpoint,
      visitsApi({
        batcher: options.views,
        pages,
        rateLimitSecret: options.rateLimitSecret,
        trustedProxies: options.trustedProxies,
        log,
      }),
    );
  }
  mountStatic(app, options.clientDir, options.compressedCache ?? new CompressedCache(DEFAULT_CACHE_MB * 1024 * 1024));
  app.onError((error, c) => {
    const report = reportError(c, error, { area: "server", log, trust: options.trustedProxies ?? NO_TRUSTED_PROXIES });
    if (report.clientGone) return c.body(null, 408);
    c.header("X-Request-Id", report.id);
    c.header("Cache-Control", "no-store");
    return c.text(`Internal Server Error (request ${report.id})`, 500);
  });
  return app;
}
