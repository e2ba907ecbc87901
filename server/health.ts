import { Hono } from "hono";
import type { InquiryStore } from "../inquiries/store.ts";

/** How long /readyz waits for the database: a probe expects an answer in about a second. */
export const READY_TIMEOUT_MS = 1000;

export interface HealthOptions {
  store: Pick<InquiryStore, "ping">;
  /** True once the server is shutting down: not ready, so a balancer stops sending it requests. */
  isStopping?: () => boolean;
  readyTimeoutMs?: number;
}

/**
 * For a proxy, a balancer or an orchestrator (none of it is for visitors):
 * `GET /healthz`, the process answers; `GET /readyz`, and the inquiry
 * database answers within READY_TIMEOUT_MS, else 503. Never cached, never
 * logged.
 */
export function health(options: HealthOptions): Hono {
  const app = new Hono();
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (options.isStopping?.()) return c.json({ status: "stopping" }, 503);
    const answered = await withinMs(options.store.ping(), timeoutMs);
    if (answered) return c.json({ status: "ready" });
    return c.json(
      { status: "unavailable", reason: `the inquiry database did not answer within ${timeoutMs / 1000} s` },
      503,
    );
  });
  return app;
}

/** True when `work` resolves within `ms`; false when it rejects or takes longer (it is then left to finish). */
async function withinMs(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
