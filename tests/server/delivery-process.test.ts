// Real server processes: `kill -9` in the middle of delivery, then a restart
// on the same file (every message delivered at least once, duplicates
// counted); and the log of an inquiry's whole life (purged, stored, mailed,
// failed) holding no name, e-mail or company.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DeliveryPolicy, deliveryPolicy, maxAttempts } from "../../inquiries/delivery-policy.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { delivery } from "../../site/generated/behaviour.ts";
import { retention } from "../../site/generated/legal.ts";
import {
  freePort,
  fullInquiry,
  makeClientDir,
  postJson,
  quickInquiry,
  readDb,
  removeDir,
  startSmtp,
  tempDir,
  waitFor,
} from "./support.ts";
import { startReceiver, WEBHOOK_SECRET } from "./webhook-receiver.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
let dir: string;
let clientDir: string;
beforeAll(() => {
  dir = tempDir("delivery-process-");
  clientDir = makeClientDir(dir);
});
afterAll(() => removeDir(dir));

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<unknown>;
}

/** Spawns `node --import tsx <script>` and waits for the port in its start-up line. */
async function spawnServer(script: string, env: Record<string, string>, portLine: RegExp): Promise<Started> {
  const clean = { ...process.env };
  for (const name of Object.keys(clean))
    if (/^(PORT|HOST|SITE_DIR|SERVER_DIR|INQUIRY_.*|SMTP_URL)$/.test(name)) delete clean[name];
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...clean, PORT: "0", HOST: "127.0.0.1", SITE_DIR: clientDir, SERVER_DIR: join(dir, "none"), ...env },
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  const port = await waitFor(
    "the start-up line",
    () => {
      if (gone) throw new Error(`the server exited during start-up:\n${output}`);
      return portLine.exec(output)?.[1];
    },
    { timeoutMs: 30_000, intervalMs: 25 },
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

describe("kill -9 during delivery, then a restart on the same file", () => {
  it("every message is delivered at least once; the duplicates are counted", async () => {
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    // A slow receiver: requests are in flight when the process dies. Slow enough that the 40 inquiries
    // are all posted long before they could all be delivered (a pass gives back what it did not attempt
    // at once, so delivery runs at the receiver's pace).
    hooks.delayMs = 100;
    const db = join(dir, "kill.db");
    const policy: DeliveryPolicy = {
      scheduleMs: [0, 50, 100],
      repeatEveryMs: 200,
      giveUpAfterMs: 120_000,
      jitter: 0,
      leaseMs: 1000,
      attemptTimeoutMs: 500,
    };
    const env = {
      INQUIRY_DB: db,
      INQUIRY_WEBHOOK_URL: hooks.url,
      INQUIRY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      DELIVERY_POLICY: JSON.stringify(policy),
    };
    const script = "tests/server/delivery-server.ts";
    const first = await spawnServer(script, env, /^listening on (\d+)$/m);

    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await postJson(first.url, quickInquiry({ name: `Killed ${i}` }));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    await waitFor("deliveries under way", () => hooks.received.length >= 5);
    first.child.kill("SIGKILL");
    await first.exited;
    const beforeKill = hooks.received.length;
    expect(beforeKill).toBeLessThan(ids.length);

    await spawnServer(script, env, /^listening on (\d+)$/m);
    const delivered = () => new Set(hooks.received.map((r) => r.headers["webhook-id"]));
    await waitFor("every message delivered", () => ids.every((id) => delivered().has(`msg_${id}`)), {
      timeoutMs: 60_000,
    });
    await waitFor("every message marked sent", () =>
      readDb(
        db,
        (d) =>
          (d.prepare("SELECT count(*) AS n FROM outbox WHERE status = 'sent'").get() as { n: number }).n === ids.length,
      ),
    );
    expect(hooks.received.every((r) => r.verifyError === undefined)).toBe(true);
    const duplicates = hooks.received.length - delivered().size;
    console.log(
      `kill -9 during delivery: ${ids.length} inquiries, ${beforeKill} requests before the kill, ${hooks.received.length} in all, ${duplicates} duplicate(s) (same webhook-id, which the receiver can drop)`,
    );
    // At least once: duplicates only for messages in flight at the kill (a batch at most).
    expect(duplicates).toBeLessThanOrEqual(20);
  });
});

describe("the server process with INQUIRY_WEBHOOK_URL and INQUIRY_WEBHOOK_SECRET", () => {
  it("POSTs each inquiry, signed, and logs where to (the origin only)", async () => {
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    const server = await spawnServer(
      "server/index.ts",
      { INQUIRY_DB: join(dir, "webhook.db"), INQUIRY_WEBHOOK_URL: hooks.url, INQUIRY_WEBHOOK_SECRET: WEBHOOK_SECRET },
      /^serving .+ on http:\/\/127\.0\.0\.1:(\d+) /m,
    );
    expect(server.output()).toContain(`webhook: each inquiry is POSTed to ${new URL(hooks.url).origin}\n`);
    const response = await postJson(server.url, fullInquiry({ name: "Webhook Process" }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [request] = await waitFor("the webhook", () => hooks.received.length === 1 && hooks.received);
    expect(request?.verifyError).toBeUndefined();
    expect(request?.headers["webhook-id"]).toBe(`msg_${id}`);
    expect(request?.verified).toMatchObject({ data: { name: "Webhook Process" } });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});

describe("the server's log during an inquiry's life", () => {
  it("holds no name, e-mail or company: purged, stored, mailed, failed", async () => {
    const people = [
      fullInquiry({ name: "Logtest Mailed", email: "mailed.person@privacy.example", company: "Mailed Secret GmbH" }),
      quickInquiry({ name: "Logtest Failed", email: "failed.person@privacy.example", company: "Failed Secret AG" }),
    ];
    const old = quickInquiry({
      name: "Logtest Purged",
      email: "purged.person@privacy.example",
      company: "Purged Secret SE",
    });
    const db = join(dir, "log.db");
    // An inquiry older than the retention period, for the purge at start.
    const seed = new SqliteInquiryStore(db);
    await seed.insert(old as Inquiry, {
      bodyHash: "old",
      channels: ["mail"],
      now: new Date(Date.now() - (retention.inquiryDays + 1) * 86_400_000),
    });
    await seed.close();

    // First run: mail works. Purged at start, then stored and mailed.
    const sink = await startSmtp();
    cleanups.push(() => sink.close());
    const serving = /^serving .+ on http:\/\/127\.0\.0\.1:(\d+) /m;
    const env = { INQUIRY_DB: db, INQUIRY_NOTIFY_TO: "owner@firm.example" };
    const up = await spawnServer("server/index.ts", { ...env, SMTP_URL: sink.url }, serving);
    expect(up.output()).toMatch(/^retention: deleted 1 inquiry older than/m);
    const mailed = await postJson(up.url, people[0]);
    expect(mailed.status).toBe(201);
    await waitFor("the mail", () => sink.mails.length === 1);
    up.child.kill("SIGTERM");
    await up.exited;

    // Second run: mail and webhook down. Stored, then failed attempts on both channels.
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    hooks.fallback = { status: 500 };
    const down = await spawnServer(
      "server/index.ts",
      {
        ...env,
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        INQUIRY_WEBHOOK_URL: hooks.url,
        INQUIRY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      serving,
    );
    const failed = await postJson(down.url, people[1]);
    expect(failed.status).toBe(201);
    const { id } = (await failed.json()) as { id: string };
    await waitFor("both failures logged", () =>
      ["notifications", "webhook"].every((label) =>
        down.output().includes(`${label}: sending inquiry ${id} failed (attempt 1 of`),
      ),
    );
    down.child.kill("SIGTERM");
    await down.exited;

    const log = up.output() + down.output();
    for (const person of [...people, old]) {
      for (const value of [person.name, person.email, person.company, String(person.email).split("@")[0]]) {
        expect(log, `the log holds "${value}"`).not.toContain(String(value));
      }
    }
    // It is not empty: the events are there, by id and count.
    expect(log).toMatch(/retention: deleted 1 inquiry/);
    expect(log).toContain(
      `webhook: sending inquiry ${id} failed (attempt 1 of ${maxAttempts(deliveryPolicy(delivery))}), next attempt at `,
    );
  });
});
