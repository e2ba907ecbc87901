// Helpers of the server tests: a small client dir, the real app on a random
// port against a real SQLite file, a real SMTP server, and a bounded wait.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import type { DeliveryPolicy } from "../../inquiries/delivery-policy.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import { type AppOptions, createApp } from "../../server/app.ts";
import { loadConfig, requestLimits } from "../../server/config.ts";
import { listen, type RequestLimits } from "../../server/http-server.ts";

export * from "./fixtures.ts";

export const ENDPOINT = "/api/inquiries";

/** The files of the temporary client dir, by path. */
export const CLIENT_FILES = {
  "index.html": "<!doctype html><title>Home</title><h1>Home</h1>",
  "404.html": "<!doctype html><title>Not found</title><h1>Not found</h1>",
  "de/404.html": '<!doctype html><html lang="de"><title>Nicht gefunden</title><h1>Nicht gefunden</h1>',
  "about/index.html": "<!doctype html><title>About</title><h1>About</h1>",
  "assets/x.js": `export const x = ${JSON.stringify("x".repeat(2000))};\n`,
  "insights/feed.xml": `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">${"<entry/>".repeat(100)}</feed>\n`,
} as const;

/** Files a build leaves in the client dir that are not for visitors: never served by name. */
export const UNPUBLISHED_FILES = {
  ".env": "SECRET=do-not-serve",
  ".vite/manifest.json": '{"secret":true}',
  "assets/.hidden.js": "export const hidden = true;",
  _headers: "/*\n  X-Frame-Options: DENY\n",
} as const;

/** Writes the client dir (with a pre-compressed asset, unpublished files and a file outside the site) under `dir`. */
export function makeClientDir(dir: string): string {
  const client = join(dir, "client");
  for (const [path, text] of [...Object.entries(CLIENT_FILES), ...Object.entries(UNPUBLISHED_FILES)]) {
    mkdirSync(join(client, path, ".."), { recursive: true });
    writeFileSync(join(client, path), text);
  }
  writeFileSync(join(client, "assets/x.js.br"), brotliCompressSync(CLIENT_FILES["assets/x.js"]));
  writeFileSync(join(client, "assets/x.js.gz"), gzipSync(CLIENT_FILES["assets/x.js"]));
  // Both twins, as a `--precompress` build writes them (nginx deployments; the topology test compares with nginx).
  writeFileSync(join(client, "insights/feed.xml.br"), brotliCompressSync(CLIENT_FILES["insights/feed.xml"]));
  writeFileSync(join(client, "insights/feed.xml.gz"), gzipSync(CLIENT_FILES["insights/feed.xml"]));
  writeFileSync(join(dir, "secret.txt"), "not part of the site");
  return client;
}

export function tempDir(prefix = "inquiries-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface RunningApp {
  url: string;
  dir: string;
  clientDir: string;
  dbPath: string;
  store: SqliteInquiryStore;
  logs: string[];
  close(): Promise<void>;
}

/**
 * The real app (createApp) over real HTTP on 127.0.0.1, a random port, a
 * fresh SQLite file, served as server/index.ts serves it (server/http-server.ts),
 * with the default request limits unless `limits` says otherwise.
 */
export async function startApp(
  options: Partial<Omit<AppOptions, "store">> & {
    dir?: string;
    dbPath?: string;
    store?: SqliteInquiryStore;
    limits?: RequestLimits;
    /** Adds or changes files of the client dir before the app reads it. */
    beforeStart?: (clientDir: string) => void;
  } = {},
) {
  const dir = options.dir ?? tempDir();
  const clientDir = makeClientDir(dir);
  options.beforeStart?.(clientDir);
  const dbPath = options.dbPath ?? join(dir, "inquiries.db");
  const store = options.store ?? new SqliteInquiryStore(dbPath);
  const logs: string[] = [];
  const app = createApp({
    clientDir,
    store,
    rateLimit: 1000,
    channels: [],
    log: (message) => logs.push(message),
    ...options,
  });
  const limits = options.limits ?? requestLimits(loadConfig({}));
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve) => {
    const server: Server = listen(app, { port: 0, hostname: "127.0.0.1", limits }, (port) => resolve({ server, port }));
  });
  const running: RunningApp = {
    url: `http://127.0.0.1:${port}`,
    dir,
    clientDir,
    dbPath,
    store,
    logs,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
      if (!options.dir) removeDir(dir);
    },
  };
  return running;
}

/** Reads the file through its own connection, not the app's: what another process would see. */
export function readDb<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function rowCount(dbPath: string): number {
  return readDb(dbPath, (db) => (db.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n);
}

export interface InquiryRow {
  id: string;
  kind: string;
  name: string;
  email: string;
  company: string;
  role: string | null;
  arr: string | null;
  industry: string | null;
  challenges: string | null;
  objectives: string | null;
  timeline: string | null;
  message: string | null;
  language: string;
  idempotency_key: string | null;
}

export function readRow(dbPath: string, id: string): InquiryRow | undefined {
  return readDb(dbPath, (db) => db.prepare("SELECT * FROM inquiries WHERE id = ?").get(id) as InquiryRow | undefined);
}

export interface OutboxRow {
  inquiry_id: string;
  status: "pending" | "sent" | "dead";
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

export function readOutbox(dbPath: string, inquiryId: string): OutboxRow | undefined {
  return readDb(
    dbPath,
    (db) => db.prepare("SELECT * FROM outbox WHERE inquiry_id = ?").get(inquiryId) as OutboxRow | undefined,
  );
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}${ENDPOINT}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function postForm(url: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${url}${ENDPOINT}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(body),
    redirect: "manual",
  });
}

type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/** Polls `probe` until it returns something truthy; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 10 } = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as Truthy<T>;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A port nothing listens on (yet): bound, read and released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Mail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  envelopeFrom: string;
  envelopeTo: string[];
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: Mail[];
  /** SMTP connections open right now. */
  open(): number;
  /** Transactions that reached DATA and wait for `release()` (when started with `hold`). */
  held(): number;
  release(): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives. */
export async function startSmtp(options: { port?: number; hold?: boolean } = {}): Promise<SmtpSink> {
  const mails: Mail[] = [];
  let open = 0;
  let held = 0;
  let released = !options.hold;
  let releaseAll: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    // nodemailer would upgrade to TLS and refuse smtp-server's self-signed certificate.
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"));
        mail.envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        mail.envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(mail);
        if (!released) {
          held++;
          await gate;
          held--;
        }
        callback();
      });
    },
  });
  // Counted at the TCP level: a session is open from connect to close.
  server.server.on("connection", (socket: Socket) => {
    open++;
    socket.once("close", () => open--);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    const listening = server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = listening.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    open: () => open,
    held: () => held,
    release() {
      released = true;
      releaseAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        released = true;
        releaseAll();
        server.close(() => resolve());
      }),
  };
}

/** Headers (unfolded, encoded words decoded) and the decoded text of a single-part text mail. */
export function parseMail(raw: string): Mail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  if (/quoted-printable/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = decodeQuotedPrintable(body);
  } else if (/base64/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return {
    headers,
    subject: headers.subject ?? "",
    text: body.replace(/\r\n/g, "\n"),
    envelopeFrom: "",
    envelopeTo: [],
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === "=" ? soft.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** The delivery policy compressed for tests: at once, 20 ms, 40 ms, then dead (3 attempts). */
export const FAST_POLICY: DeliveryPolicy = {
  scheduleMs: [0, 20, 40],
  repeatEveryMs: 40,
  giveUpAfterMs: 60,
  jitter: 0,
  leaseMs: 10_000,
  attemptTimeoutMs: 5_000,
};
