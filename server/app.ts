import { Hono } from "hono";
import { compress } from "hono/compress";
import { externalOrigins, securityHeaders } from "../security/headers.ts";
import { inquiries } from "../site/generated/site.ts";
import { type InquiriesApiOptions, inquiriesApi } from "./inquiries-api.ts";
import { mountStatic } from "./static.ts";

export interface AppOptions extends Omit<InquiriesApiOptions, "log"> {
  /** The pre-rendered site, dist/client. */
  clientDir: string;
  log?: (message: string) => void;
}

/** The production app: security headers, the inquiries API and the pre-rendered site. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const headers = securityHeaders(externalOrigins(inquiries.endpoint));
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  // Static files come pre-compressed; this covers JSON answers and 404.html.
  app.use("*", compress());
  app.route("/api/inquiries", inquiriesApi(options));
  mountStatic(app, options.clientDir);
  return app;
}
