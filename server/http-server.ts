import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { serve } from "@hono/node-server";

/**
 * How long a client may take to send a request (REQUEST_*_TIMEOUT_MS in
 * server/config.ts): the headers, the longest silence while the rest (the
 * body) arrives, and the whole request. Past any of them the answer is 408
 * and the connection is closed, so a stalled or slow-drip request holds a
 * connection for seconds, not Node's default five minutes.
 */
export interface RequestLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
}

/** What Node itself answers when `requestTimeout` or `headersTimeout` runs out. */
const REQUEST_TIMEOUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/** Serves `app` on `hostname:port` within `limits`; `onListening` gets the port (0 picks a free one). */
export function listen(
  app: { fetch: (request: Request, env: never) => Response | Promise<Response> },
  { port, hostname, limits }: { port: number; hostname: string; limits: RequestLimits },
  onListening?: (port: number) => void,
): Server {
  const server = serve(
    {
      fetch: app.fetch as never,
      port,
      hostname,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        // Node checks the two limits above this often; its default, 30 s, would let a request run that much over.
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 10))),
      },
    },
    (info) => onListening?.(info.port),
  ) as Server;
  limitSilence(server, limits.bodyTimeoutMs);
  return server;
}

/**
 * The body-progress limit: a connection on which nothing arrives (or leaves)
 * for `ms` is closed, with a 408 when it was in the middle of receiving a
 * request. A request received whole and still being answered is left to the
 * handler, whose own waits are bounded (the database's busy wait, the
 * statement timeout).
 */
function limitSilence(server: Server, ms: number): void {
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    current.set(socket, { request, response });
    response.once("close", () => {
      if (current.get(socket)?.response === response) current.delete(socket);
    });
  });
  server.setTimeout(ms, (socket: Socket) => {
    const exchange = current.get(socket);
    if (exchange?.request.complete && !exchange.response.headersSent) return;
    if (exchange && !exchange.request.complete && !exchange.response.headersSent && socket.writable) {
      socket.write(REQUEST_TIMEOUT);
    }
    socket.destroy();
  });
}
