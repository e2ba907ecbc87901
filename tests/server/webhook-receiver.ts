// A real webhook receiver for the tests: a node:http server on 127.0.0.1
// that records every request and verifies its signature with the Standard
// Webhooks reference library (the `standardwebhooks` package), not our code.
import { createServer, type IncomingHttpHeaders } from "node:http";
import { Webhook } from "standardwebhooks";

/** A secret as Standard Webhooks writes one: whsec_ and 32 random-looking bytes in base64. */
export const WEBHOOK_SECRET = `whsec_${Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString("base64")}`;

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The payload as the reference library returned it after verifying; undefined when verification failed. */
  verified: unknown;
  verifyError: string | undefined;
}

/** What the receiver answers one request with. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; then 200 (or `fallback`). */
  answers: Answer[];
  fallback: Answer;
  /** How long each answer takes: a slow receiver, so a process can be killed mid-delivery. */
  delayMs: number;
  /** Called on each request before it is answered (a test moving its clock: a slow attempt). */
  onRequest?: () => void;
  close(): Promise<void>;
}

export async function startReceiver(secret = WEBHOOK_SECRET): Promise<WebhookReceiver> {
  const webhook = new Webhook(secret);
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answers: [],
    fallback: { status: 200 },
    delayMs: 0,
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: unknown;
      let verifyError: string | undefined;
      try {
        verified = webhook.verify(body, request.headers as Record<string, string>);
      } catch (error) {
        verifyError = (error as Error).message;
      }
      receiver.received.push({ headers: request.headers, body, verified, verifyError });
      receiver.onRequest?.();
      const answer = receiver.answers.shift() ?? receiver.fallback;
      const send = () => response.writeHead(answer.status, answer.headers).end();
      if (receiver.delayMs > 0) setTimeout(send, receiver.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks/inquiries`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}
