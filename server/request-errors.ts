import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { describeError } from "../inquiries/log-text.ts";
import { clientAddress, isTrustedPeer, type TrustedProxies } from "./client-address.ts";

/** An id a proxy may pass (nginx's `$request_id` is 32 hex digits); anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The socket's peer: the client, or the proxy in front. */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client's address, read through the trusted proxies (server/client-address.ts). */
export function clientAddressOf(c: Context, trust: TrustedProxies): string {
  return clientAddress(peerAddress(c), c.req.header(trust.header), trust);
}

/**
 * The id that a log line and the answer share: the `X-Request-Id` a trusted
 * proxy set (so its access log names the same request), otherwise a new one.
 */
export function requestId(c: Context, trust: TrustedProxies): string {
  const given = c.req.header("x-request-id");
  if (given !== undefined && REQUEST_ID.test(given) && isTrustedPeer(peerAddress(c), trust)) return given;
  return randomUUID();
}

/**
 * Whether the request failed because its client went away: the connection
 * closed (by the client, or by the server's timeouts) before the whole body
 * arrived. Nothing broke on this side; nothing was stored.
 */
export function clientWentAway(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && incoming.destroyed;
}

export type ErrorReport = { clientGone: true; id: string } | { clientGone: false; id: string };

/**
 * Logs a request's failure once: one short line when the client went away,
 * the stack (its message scrubbed of addresses and control characters) when
 * something broke, each with the request's id. `area` prefixes the line.
 */
export function reportError(
  c: Context,
  error: unknown,
  { area, log, trust }: { area: string; log: (line: string) => void; trust: TrustedProxies },
): ErrorReport {
  const id = requestId(c, trust);
  if (clientWentAway(c)) {
    log(`${area}: request ${id} ended early: the client went away before its request was complete`);
    return { clientGone: true, id };
  }
  log(`${area}: internal error (request ${id}): ${describeError(error)}`);
  return { clientGone: false, id };
}
