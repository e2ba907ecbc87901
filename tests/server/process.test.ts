// The real server process (server/index.ts) as `npm start` runs it: its
// environment, its log line, an inquiry that survives SIGTERM and SIGKILL, and
// page views held in memory: all written on SIGTERM, at most one flush interval lost to SIGKILL.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Server } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { visits } from "../../site/generated/behaviour.ts";
import { firm } from "../../site/generated/site.ts";
import { freshDatabaseUrl, postgresUrl, queryDb } from "../support/postgres.ts";
import {
  CLIENT_FILES,
  fullInquiry,
  makeClientDir,
  postJson,
  quickInquiry,
  readDb,
  readOutbox,
  readRow,
  removeDir,
  type SmtpSink,
  startSmtp,
  tempDir,
  waitFor,
} from "./support.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let clientDir: string;

beforeAll(() => {
  dir = tempDir("inquiry-process-");
  clientDir = makeClientDir(dir);
});

afterAll(() => {
  removeDir(dir);
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** The server's environment: nothing inherited that configures it, a site without Vike's server build. */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = { ...process.env };
  for (const name of Object.keys(clean)) {
    if (/^(PORT|HOST|SITE_DIR|SERVER_DIR|INQUIRY_.*|SMTP_URL|DATABASE_URL)$/.test(name)) delete clean[name];
  }
  return {
    ...clean,
    PORT: "0",
    HOST: "127.0.0.1",
    SITE_DIR: clientDir,
    SERVER_DIR: join(dir, "no-server-build"),
    INQUIRY_DB: join(dir, "default.db"),
    ...env,
  };
}

interface Running {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { cwd: root, env: serverEnv(env) });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the server and waits for its "serving … on http://host:port" line. */
async function start(env: Record<string, string>): Promise<Running> {
  const started = run(env);
  let exitedEarly = false;
  void started.exited.then(() => {
    exitedEarly = true;
  });
  const port = await waitFor(
    "the server's start-up line",
    () => {
      if (exitedEarly) throw new Error(`the server exited during start-up:\n${started.stdout()}${started.stderr()}`);
      return /^serving .+ on http:\/\/127\.0\.0\.1:(\d+) \(inquiries in .+\)$/m.exec(started.stdout())?.[1];
    },
    { timeoutMs: 30_000, intervalMs: 25 },
  );
  return { ...started, url: `http://127.0.0.1:${port}` };
}

describe("the server process", () => {
  it("serves the site, stores an inquiry, and stops on SIGTERM with exit 0 and the row on disk", async () => {
    const db = join(dir, "sigterm.db");
    const server = await start({ INQUIRY_DB: db, INQUIRY_RATE_LIMIT: "50" });
    expect(server.stdout()).toContain(
      "notifications are off: set SMTP_URL and INQUIRY_NOTIFY_TO to e-mail each inquiry",
    );
    expect(server.stdout()).toContain(`serving ${clientDir} on ${server.url} (inquiries in SQLite ${db})`);

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(CLIENT_FILES["index.html"]);

    const response = await postJson(server.url, fullInquiry({ name: "Process Ada" }));
    expect(response.status).toBe(201);
    expect(response.headers.get("ratelimit-limit")).toBe("50");
    const { id } = (await response.json()) as { id: string };

    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(readRow(db, id)).toMatchObject({ ...fullInquiry(), name: "Process Ada" });
    expect(readOutbox(db, id)).toBeUndefined();
    expect(server.stderr()).toBe("");
  });

  it("an inquiry answered 201 survives a SIGKILL right after the answer", async () => {
    const db = join(dir, "sigkill.db");
    const server = await start({ INQUIRY_DB: db });
    const response = await postJson(server.url, quickInquiry({ name: "Killed Right After" }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    server.child.kill("SIGKILL");
    expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(readRow(db, id)?.name).toBe("Killed Right After");
  });

  it("holds a stalled body for REQUEST_BODY_TIMEOUT_MS, answers 408, and logs one short line, no stack", async () => {
    const server = await start({ INQUIRY_DB: join(dir, "stalled.db"), REQUEST_BODY_TIMEOUT_MS: "1000" });
    const port = Number(new URL(server.url).port);
    const started = performance.now();
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () =>
        socket.write(
          "POST /api/inquiries HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 30000\r\n\r\n{",
        ),
      );
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("close", () => resolve(text));
    });
    const heldMs = performance.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(heldMs).toBeGreaterThanOrEqual(950);
    // Well inside the default whole-request limit (30 s), let alone Node's own (300 s).
    expect(heldMs).toBeLessThan(10_000);
    await waitFor("the log line", () => server.stdout().includes("ended early"));
    server.child.kill("SIGTERM");
    await server.exited;
    const lines = `${server.stdout()}${server.stderr()}`
      .split("\n")
      .filter((line) => /request|error|aborted/i.test(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^inquiries: request [\w-]+ ended early: the client went away before its request was complete$/,
    );
  });

  describe("with SMTP_URL and INQUIRY_NOTIFY_TO", () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtp();
    });
    afterAll(async () => {
      await sink?.close();
    });

    it("e-mails each inquiry from the firm's address to INQUIRY_NOTIFY_TO", async () => {
      const db = join(dir, "smtp.db");
      const server = await start({ INQUIRY_DB: db, SMTP_URL: sink.url, INQUIRY_NOTIFY_TO: "owner@firm.example" });
      expect(server.stdout()).not.toContain("notifications are off");
      const response = await postJson(server.url, quickInquiry({ name: "Process Grace" }));
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };

      const mail = await waitFor("the notification", () => sink.mails.find((m) => m.headers["x-inquiry-id"] === id));
      expect(mail.subject).toBe(`New inquiry from Process Grace (${quickInquiry().company})`);
      expect(mail.envelopeFrom).toBe(firm.email);
      expect(mail.envelopeTo).toEqual(["owner@firm.example"]);
      expect(mail.headers["reply-to"]).toBe(quickInquiry().email);
      await waitFor("the outbox row sent", () => readOutbox(db, id)?.status === "sent");

      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: 0, signal: null });
    });
  });
});

describe("page views in the server process (visits.flushEverySeconds)", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  const views = (url: string, n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        fetch(`${url}${visits.endpoint}`, {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER },
          body: JSON.stringify({ path: "/about" }),
        }).then((answer) => answer.status),
      ),
    );
  const stored = (db: string) =>
    readDb(
      db,
      (file) => (file.prepare("SELECT coalesce(sum(views), 0) AS n FROM page_views").get() as { n: number }).n,
    );

  it("SIGTERM writes the views held in memory before the process ends: a restart loses none", async () => {
    const db = join(dir, "views-sigterm.db");
    const server = await start({ INQUIRY_DB: db });
    expect(await views(server.url, 30)).toEqual(Array(30).fill(204));
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(stored(db)).toBe(30);
    const again = await start({ INQUIRY_DB: db });
    expect(await views(again.url, 5)).toEqual(Array(5).fill(204));
    again.child.kill("SIGTERM");
    await again.exited;
    expect(stored(db)).toBe(35);
  });

  it("kill -9 loses at most the views of the last flush interval; the ones before it are on disk", async () => {
    const db = join(dir, "views-sigkill.db");
    const server = await start({ INQUIRY_DB: db });
    await views(server.url, 20);
    // Written by the timer within one interval, without any stop.
    await waitFor("the first flush", () => stored(db) === 20, { timeoutMs: visits.flushEverySeconds * 1000 + 5000 });
    await views(server.url, 7);
    server.child.kill("SIGKILL");
    expect((await server.exited).signal).toBe("SIGKILL");
    const kept = stored(db);
    expect(kept).toBeGreaterThanOrEqual(20);
    expect(kept).toBeLessThanOrEqual(27);
  }, 30_000);
});

describe.skipIf(!postgresUrl())("the server process on PostgreSQL (DATABASE_URL)", () => {
  it("says where inquiries live without the password, stores one, and stops on SIGTERM", async () => {
    const url = new URL(await freshDatabaseUrl());
    url.password = "s3cret-password";
    const server = await start({ DATABASE_URL: url.toString() });
    expect(server.stdout()).toMatch(/\(inquiries in PostgreSQL 127\.0\.0\.1:\d+\/t_\w+\)$/m);
    expect(server.stdout()).not.toContain("s3cret");
    const response = await postJson(server.url, quickInquiry({ name: "Stored In Postgres" }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await queryDb(url.toString(), "SELECT name FROM inquiries WHERE id = $1", [id])).toEqual([
      { name: "Stored In Postgres" },
    ]);
  });
});

describe("a bad environment stops start-up with exit 2 and a clear message, no stack", () => {
  it.each<[string, Record<string, string>, RegExp]>([
    [
      "INQUIRY_RATE_LIMIT not a number",
      { INQUIRY_RATE_LIMIT: "abc" },
      /^error: invalid environment:\n {2}INQUIRY_RATE_LIMIT: .*expected number.*\n$/,
    ],
    [
      "INQUIRY_RATE_LIMIT zero",
      { INQUIRY_RATE_LIMIT: "0" },
      /^error: invalid environment:\n {2}INQUIRY_RATE_LIMIT: Too small: expected number to be >=1\n$/,
    ],
    ["PORT out of range", { PORT: "70000" }, /^error: invalid environment:\n {2}PORT: Too big: .*65535\n$/],
    ["SMTP_URL not smtp", { SMTP_URL: "http://mail.example", INQUIRY_NOTIFY_TO: "a@b.example" }, /\n {2}SMTP_URL: /],
    [
      "SMTP_URL without INQUIRY_NOTIFY_TO",
      { SMTP_URL: "smtp://127.0.0.1:2525" },
      /^error: invalid environment:\n {2}INQUIRY_NOTIFY_TO: INQUIRY_NOTIFY_TO is required when SMTP_URL is set\n$/,
    ],
    ["INQUIRY_NOTIFY_TO not an e-mail", { INQUIRY_NOTIFY_TO: "owner" }, /\n {2}INQUIRY_NOTIFY_TO: Invalid email/],
    [
      "DATABASE_URL of another scheme",
      { DATABASE_URL: "mysql://app:s3cret@db.example/inquiries" },
      /^error: invalid environment:\n {2}DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL, got mysql:\/\//,
    ],
    [
      "TRUSTED_PROXIES with a host name",
      { TRUSTED_PROXIES: "127.0.0.1, nginx.internal" },
      /^error: invalid environment:\n {2}TRUSTED_PROXIES: "nginx\.internal" is not an IP address or CIDR range/,
    ],
    [
      "TRUSTED_PROXY_HEADER of another header",
      { TRUSTED_PROXIES: "127.0.0.1", TRUSTED_PROXY_HEADER: "x-real-ip" },
      /^error: invalid environment:\n {2}TRUSTED_PROXY_HEADER: expected x-forwarded-for or forwarded\n$/,
    ],
    [
      "a PostgreSQL that cannot be reached",
      { DATABASE_URL: "postgres://app:s3cret@127.0.0.1:1/inquiries" },
      /^error: cannot open the inquiry database \(PostgreSQL 127\.0\.0\.1:1\/inquiries\): .*ECONNREFUSED.*\n$/,
    ],
  ])("%s", async (_name, env, message) => {
    const server = run(env);
    expect(await server.exited).toEqual({ code: 2, signal: null });
    expect(server.stderr()).toMatch(message);
    expect(server.stderr()).not.toContain("s3cret");
    expect(server.stderr()).not.toMatch(/^\s+at /m);
    expect(server.stdout()).toBe("");
  });

  it("a SITE_DIR without index.html", async () => {
    const empty = join(dir, "no-site");
    const server = run({ SITE_DIR: empty });
    expect(await server.exited).toEqual({ code: 2, signal: null });
    expect(server.stderr()).toBe(`error: no built site in ${empty}; run \`npm run build\` first\n`);
  });

  // Regression guard (server/index.ts, fixed): start-up failures after the config check are not
  // caught: a port in use is an unhandled 'error' event of the http server,
  // an unusable INQUIRY_DB a throw from InquiryStore; both print a stack trace
  // and exit 1 instead of one "error: …" line and exit 2.
  it.each<[string, () => Promise<Record<string, string>>, RegExp]>([
    [
      "a port already in use",
      async () => {
        const busy = createServer().listen(0, "127.0.0.1");
        await once(busy, "listening");
        holders.push(busy);
        return { PORT: String((busy.address() as AddressInfo).port) };
      },
      /^error: .*EADDRINUSE.*\n$/,
    ],
    [
      "an INQUIRY_DB that cannot be created",
      async () => ({ INQUIRY_DB: join(clientDir, "index.html", "inquiries.db") }),
      /^error: .*inquiries\.db.*\n$/,
    ],
  ])("%s", async (_name, setup, message) => {
    const server = run(await setup());
    expect(await server.exited).toEqual({ code: 2, signal: null });
    expect(server.stderr()).toMatch(message);
  });
});

const holders: Server[] = [];
afterAll(() => {
  for (const holder of holders) holder.close();
});
