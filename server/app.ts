import { Hono } from "hono";
import { mountStatic } from "./static.ts";

export interface AppOptions {
  /** The pre-rendered site, dist/client. */
  clientDir: string;
}

/** The production app: the static site (and, later, the inquiries API). */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  mountStatic(app, options.clientDir);
  return app;
}
