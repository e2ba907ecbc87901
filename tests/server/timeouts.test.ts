// How long a client may hold a connection, tried with real sockets against
// the real app served as server/index.ts serves it (server/http-server.ts).
// The limits are shortened here so the test takes seconds; the defaults and
// the check that the environment sets them are in config.test.ts and
// process.test.ts. A stalled body and a slow drip get 408 and a closed
// connection; a slow body that keeps coming is stored. Every case logs at
// most one short line, and never an internal error.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestLimits } from "../../server/http-server.ts";
import { ENDPOINT, quickInquiry, type RunningApp, rowCount, startApp } from "./support.ts";

const LIMITS: RequestLimits = { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, requestTimeoutMs: 4000 };

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ limits: LIMITS });
});
afterAll(async () => {
  await app?.close();
});

interface Exchange {
  /** Everything the server sent. */
  answer: string;
  /** From the first byte sent until the server closed the connection. */
  heldMs: number;
}

/**
 * Opens a connection, sends `head`, then each of `pieces` after its delay,
 * and resolves when the server closes the connection.
 */
function exchange(head: string, pieces: { afterMs: number; text: string }[] = []): Promise<Exchange> {
  const port = Number(new URL(app.url).port);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let answer = "";
    let started = 0;
    const timers: NodeJS.Timeout[] = [];
    socket.on("connect", () => {
      started = performance.now();
      socket.write(head);
      let at = 0;
      for (const piece of pieces) {
        at += piece.afterMs;
        timers.push(setTimeout(() => socket.writable && socket.write(piece.text), at));
      }
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      // A complete answer to a request that was sent whole: hang up, as a browser would reuse or close.
      if (/\r\n\r\n/.test(answer) && /^HTTP\/1\.1 (201|303)/.test(answer)) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      for (const timer of timers) clearTimeout(timer);
      resolve({ answer, heldMs: performance.now() - started });
    });
    socket.setTimeout(30_000, () => reject(new Error("the server held the connection for 30 s")));
  });
}

const body = JSON.stringify(quickInquiry({ name: "Slow Connection" }));
const head = (length: number) =>
  `POST ${ENDPOINT} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

function linesSince(before: number): string[] {
  return app.logs.slice(before);
}

describe("bounded requests", () => {
  it("a body that never comes (Content-Length: 30000, then silence): 408 and closed after the body timeout, not the request timeout", async () => {
    const logged = app.logs.length;
    const rows = rowCount(app.dbPath);
    const { answer, heldMs } = await exchange(`${head(30_000)}{"kind":`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(heldMs).toBeGreaterThanOrEqual(LIMITS.bodyTimeoutMs - 50);
    expect(heldMs).toBeLessThan(LIMITS.requestTimeoutMs);
    expect(rowCount(app.dbPath)).toBe(rows);
    expectQuiet(linesSince(logged));
  });

  it("a slow drip (a byte every 300 ms: never silent for long, never done): 408 and closed at the request timeout", async () => {
    const logged = app.logs.length;
    const rows = rowCount(app.dbPath);
    const drip = Array.from({ length: 40 }, (_, i) => ({ afterMs: 300, text: body[i % body.length] ?? " " }));
    const { answer, heldMs } = await exchange(head(body.length * 10), drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(heldMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(heldMs).toBeLessThan(LIMITS.requestTimeoutMs + 2000);
    expect(rowCount(app.dbPath)).toBe(rows);
    expectQuiet(linesSince(logged));
  });

  it("a slow body that keeps coming (a phone on a bad network: 8 pieces, 250 ms apart) is stored", async () => {
    const logged = app.logs.length;
    const rows = rowCount(app.dbPath);
    const size = Math.ceil(body.length / 8);
    const pieces = Array.from({ length: 8 }, (_, i) => ({ afterMs: 250, text: body.slice(i * size, (i + 1) * size) }));
    const { answer } = await exchange(head(Buffer.byteLength(body)), pieces);
    expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(rowCount(app.dbPath)).toBe(rows + 1);
    expect(linesSince(logged)).toEqual([]);
  });

  it("headers that never end: closed (with a 408, unless the silence came first) after the headers timeout", async () => {
    const { answer, heldMs } = await exchange(`POST ${ENDPOINT} HTTP/1.1\r\nHost: test\r\n`);
    expect(answer).toMatch(/^$|^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(heldMs).toBeGreaterThanOrEqual(Math.min(LIMITS.headersTimeoutMs, LIMITS.bodyTimeoutMs) - 50);
    expect(heldMs).toBeLessThan(LIMITS.requestTimeoutMs);
  });

  it("a client that hangs up halfway through its body: one short line, no internal error, nothing stored", async () => {
    const logged = app.logs.length;
    const rows = rowCount(app.dbPath);
    const port = Number(new URL(app.url).port);
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(`${head(Buffer.byteLength(body))}${body.slice(0, 20)}`);
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on("close", () => resolve());
    });
    // The server notices at once; give its log a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rowCount(app.dbPath)).toBe(rows);
    expectQuiet(linesSince(logged));
  });
});

/** At most one line, short, no stack, no "internal error". */
function expectQuiet(lines: string[]): void {
  expect(lines.length).toBeLessThanOrEqual(1);
  for (const line of lines) {
    expect(line).not.toMatch(/internal error|\n\s+at /);
    expect(line.length).toBeLessThan(200);
  }
}
