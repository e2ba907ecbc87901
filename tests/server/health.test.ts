// /healthz and /readyz of the real app: what a proxy, a balancer or an
// orchestrator asks. Readiness with a PostgreSQL that went away is tried in
// stores.test.ts ("PostgreSQL unreachable"), through a relay that is cut.
import { afterEach, describe, expect, it } from "vitest";
import { READY_TIMEOUT_MS } from "../../server/health.ts";
import { type RunningApp, startApp } from "./support.ts";

const apps: RunningApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function app(options: Parameters<typeof startApp>[0] = {}) {
  const started = await startApp(options);
  apps.push(started);
  return started;
}

describe("health", () => {
  it("/healthz: 200 while the process answers, never cached", async () => {
    const { url, logs } = await app();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(logs).toEqual([]);
  });

  it("/readyz: 200 while the database answers, 503 once it does not, never cached, never logged", async () => {
    const { url, store, logs } = await app();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    await store.close();
    const unready = await fetch(`${url}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({
      status: "unavailable",
      reason: `the inquiry database did not answer within ${READY_TIMEOUT_MS / 1000} s`,
    });
    expect(unready.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(logs).toEqual([]);
  });

  it("/readyz: 503 while the server is stopping, so a balancer sends it nothing new", async () => {
    let stopping = false;
    const { url } = await app({ isStopping: () => stopping });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    stopping = true;
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "stopping" });
  });
});
