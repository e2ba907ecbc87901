// The webhook channel against a real local HTTP receiver that verifies every
// signature with the `standardwebhooks` reference library: payload and
// headers, a stable webhook-id across retries, 410 Gone, and Retry-After.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { retryAfterMs, WEBHOOK_EVENT, WebhookChannel } from "../../inquiries/channels/webhook.ts";
import { suggestMatches } from "../../inquiries/match.ts";
import { Outbox } from "../../inquiries/outbox.ts";
import { formVocabulary } from "../../inquiries/schema.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { consultants } from "../../site/generated/consultants.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { defaultLocale, locales } from "../../site/generated/locales.ts";
import {
  FAST_POLICY,
  fullInquiry,
  postJson,
  quickInquiry,
  readOutbox,
  removeDir,
  startApp,
  tempDir,
  waitFor,
} from "./support.ts";
import { startReceiver, WEBHOOK_SECRET, type WebhookReceiver } from "./webhook-receiver.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((option) => option.value === value)?.label;

async function receiver(): Promise<WebhookReceiver> {
  const started = await startReceiver();
  cleanups.push(() => started.close());
  return started;
}

/** A store on a fresh file and an outbox for the webhook whose clock the test moves. */
function controlled(url: string, start = new Date("2026-03-01T12:00:00.000Z")) {
  const dir = tempDir();
  cleanups.push(() => removeDir(dir));
  const dbPath = join(dir, "inquiries.db");
  const store = new SqliteInquiryStore(dbPath);
  cleanups.push(() => store.close());
  const clock = { now: start };
  const logs: string[] = [];
  const channel = new WebhookChannel({
    url,
    secret: WEBHOOK_SECRET,
    timeoutMs: 5000,
    vocabulary: formVocabulary,
    consultants,
    now: () => clock.now,
  });
  const outbox = new Outbox({ store, channel, policy: FAST_POLICY, log: (m) => logs.push(m), now: () => clock.now });
  const insert = async (inquiry: Inquiry) => {
    const result = await store.insert(inquiry, {
      bodyHash: String(Math.random()),
      channels: ["webhook"],
      now: clock.now,
    });
    if (!("id" in result)) throw new Error("insert failed");
    return result.id;
  };
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { store, dbPath, clock, logs, outbox, insert, advance };
}

describe("the webhook channel", () => {
  it("POSTs each stored inquiry, signed: the reference library verifies every one", async () => {
    const hooks = await receiver();
    const app = await startApp({ channels: ["webhook"] });
    cleanups.push(() => app.close());
    const channel = new WebhookChannel({
      url: hooks.url,
      secret: WEBHOOK_SECRET,
      timeoutMs: 5000,
      vocabulary: formVocabulary,
      consultants,
    });
    const outbox = new Outbox({ store: app.store, channel, policy: FAST_POLICY, pollMs: 20, log: () => {} });
    cleanups.push(() => outbox.stop());
    outbox.start();

    // The full inquiry written on a page in the site's last language; the quick one by a client that
    // sends no language (an API user, a page from before), so in the default language.
    const written = locales.at(-1)?.code ?? defaultLocale;
    const full = fullInquiry({ name: "Hook Full", language: written });
    const { language: _none, ...quick } = quickInquiry({ name: "Hook Quick" });
    const ids: string[] = [];
    for (const body of [full, quick]) {
      const response = await postJson(app.url, body);
      ids.push(((await response.json()) as { id: string }).id);
      outbox.kick();
    }
    await waitFor("both delivered", () => hooks.received.length === 2);
    await waitFor("both marked sent", () => ids.every((id) => readOutbox(app.dbPath, id)?.status === "sent"));

    for (const [i, id] of ids.entries()) {
      const request = hooks.received[i];
      expect(request?.verifyError).toBeUndefined();
      expect(request?.headers["content-type"]).toBe("application/json");
      expect(request?.headers["webhook-id"]).toBe(`msg_${id}`);
      expect(request?.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      const stored = await app.store.get(id);
      expect(request?.verified).toEqual({
        type: WEBHOOK_EVENT,
        timestamp: stored?.receivedAt,
        data: {
          ...stored,
          // The values stay (machines match on them); the labels the visitor read come beside them.
          labels:
            stored?.kind === "full"
              ? {
                  role: labelOf(role, stored.role),
                  arr: labelOf(arr, stored.arr),
                  industry: labelOf(industry, stored.industry),
                  timeline: labelOf(timeline, stored.timeline),
                }
              : {},
          suggestedConsultants: suggestMatches(stored as { industry: string | null; arr: string | null }, consultants),
        },
      });
    }
    const firstLabels = (hooks.received[0]?.verified as { data: { labels: object } } | undefined)?.data.labels;
    expect(Object.values(firstLabels ?? {})).toHaveLength(4);
    const [fullData, quickData] = hooks.received.map(
      (r) => (r.verified as { data: { suggestedConsultants: unknown[] } }).data,
    );
    expect(fullData?.suggestedConsultants.length).toBeGreaterThan(0);
    expect(quickData?.suggestedConsultants).toEqual([]);
    // The language to answer in, as a code of data/locales.yaml.
    expect(hooks.received.map((r) => (r.verified as { data: { language: string } }).data.language)).toEqual([
      written,
      defaultLocale,
    ]);
  });

  it("a signature under another secret fails the reference library's check (the check can fail)", async () => {
    const hooks = await receiver();
    const { outbox, insert } = controlled(hooks.url);
    const other = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    (outbox as unknown as { options: { channel: WebhookChannel } }).options.channel = new WebhookChannel({
      url: hooks.url,
      secret: other,
      timeoutMs: 5000,
      vocabulary: formVocabulary,
    });
    await insert(quickInquiry() as Inquiry);
    await outbox.pass();
    expect(hooks.received[0]?.verifyError).toBe("No matching signature found");
  });

  it("a failed attempt is retried with the same webhook-id; each retry is signed anew", async () => {
    const hooks = await receiver();
    hooks.answers.push({ status: 500 });
    // The reference library checks the timestamp against the real clock: start there.
    const { outbox, insert, advance, store, dbPath } = controlled(hooks.url, new Date());
    const id = await insert(quickInquiry() as Inquiry);
    await outbox.pass();
    expect(readOutbox(dbPath, id)).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 500" });
    advance(FAST_POLICY.scheduleMs[1] ?? 0);
    await outbox.pass();
    expect(hooks.received.map((r) => r.headers["webhook-id"])).toEqual([`msg_${id}`, `msg_${id}`]);
    expect(hooks.received.map((r) => r.verifyError)).toEqual([undefined, undefined]);
    expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 1, dead: 0 });
  });

  it("410 Gone: that message is dead at once, and the channel delivers nothing more until restart", async () => {
    const hooks = await receiver();
    hooks.answers.push({ status: 410 });
    const { outbox, insert, advance, store, logs } = controlled(hooks.url);
    const first = await insert(quickInquiry({ name: "Gone One" }) as Inquiry);
    await outbox.pass();
    expect(await store.deliveries()).toEqual([
      expect.objectContaining({ inquiryId: first, status: "dead", attempts: 1, lastError: "HTTP 410 Gone" }),
    ]);
    expect(logs).toEqual([
      `webhook: the receiver answered that it is gone (HTTP 410 Gone): inquiry ${first} is dead, and this channel delivers nothing more until the server restarts; fix the receiver, restart, then run \`npm run inquiries -- redeliver --dead --channel webhook\``,
    ]);
    await insert(quickInquiry({ name: "Gone Two" }) as Inquiry);
    advance(60_000);
    await outbox.pass();
    expect(hooks.received).toHaveLength(1);
    expect(await store.outboxStatus()).toEqual({ pending: 1, sent: 0, dead: 1 });
  });

  it.each([
    ["429 with Retry-After in seconds", 429, () => "120", 120_000],
    [
      "503 with Retry-After as an HTTP date",
      503,
      (now: Date) => new Date(now.getTime() + 30_000).toUTCString(),
      30_000,
    ],
    ["429 asking for more than an hour: capped at an hour", 429, () => "86400", 3_600_000],
  ])("%s: no attempt before then, delivered after", async (_name, status, header, waitMs) => {
    const hooks = await receiver();
    const { outbox, insert, advance, store, clock } = controlled(hooks.url);
    hooks.answers.push({ status, headers: { "retry-after": header(clock.now) } });
    const id = await insert(quickInquiry() as Inquiry);
    const failedAt = clock.now;
    await outbox.pass();
    const [row] = await store.deliveries();
    expect(row).toMatchObject({ inquiryId: id, status: "pending", attempts: 1 });
    expect(row?.nextAttemptAt).toBe(new Date(failedAt.getTime() + waitMs).toISOString());
    // Not before: the policy's own wait (20 ms) is long over, the receiver's is not.
    advance(waitMs - 1);
    await outbox.pass();
    expect(hooks.received).toHaveLength(1);
    advance(1);
    await outbox.pass();
    expect(hooks.received).toHaveLength(2);
    expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 1, dead: 0 });
  });

  it("an attempt that could outlast the lease is not started: the message is given back for the next claim at once", async () => {
    const hooks = await receiver();
    const { outbox, insert, advance, store, clock } = controlled(hooks.url);
    // Each attempt takes 25 s of the test's clock; the lease is 60 s, an attempt may take 15 s:
    // the third would start at 50 s and could run to 65 s.
    const policy = { ...FAST_POLICY, leaseMs: 60_000, attemptTimeoutMs: 15_000 };
    (outbox as unknown as { options: { policy: typeof policy } }).options.policy = policy;
    hooks.onRequest = () => advance(25_000);
    for (let i = 0; i < 3; i++) await insert(quickInquiry({ name: `Slow ${i}` }) as Inquiry);
    await outbox.pass();
    expect(hooks.received).toHaveLength(2);
    // Not attempted, so not counted, and due now instead of at the end of the first pass's lease.
    const third = (await store.deliveries({ status: ["pending"] }))[0];
    expect(third).toMatchObject({ attempts: 0, nextAttemptAt: clock.now.toISOString() });
    await outbox.pass(); // claimed again, with a lease of its own: delivered
    expect(hooks.received).toHaveLength(3);
    expect(await store.outboxStatus()).toEqual({ pending: 0, sent: 3, dead: 0 });
  });

  it("no answer within the timeout counts as a failed attempt", async () => {
    const hooks = await receiver();
    const { store } = controlled(hooks.url);
    // A receiver that never answers: a bare TCP server.
    const { createServer } = await import("node:net");
    const sockets = new Set<import("node:net").Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const port = (silent.address() as { port: number }).port;
    const channel = new WebhookChannel({
      url: `http://127.0.0.1:${port}/`,
      secret: WEBHOOK_SECRET,
      timeoutMs: 200,
      vocabulary: formVocabulary,
    });
    const stored = await store.insert(quickInquiry() as Inquiry, { bodyHash: "t", channels: ["webhook"] });
    if (!("id" in stored)) throw new Error("insert failed");
    const inquiry = await store.get(stored.id);
    await expect(channel.deliver(inquiry as never)).rejects.toThrow("no answer within 0.2 s");
  });

  it("a request that cannot be made never echoes the URL's credentials (they would go to the log and last_error)", async () => {
    const hooks = await receiver();
    const { store } = controlled(hooks.url);
    const url = new URL(hooks.url);
    url.username = "crm";
    url.password = "s3cr3t-token";
    const channel = new WebhookChannel({
      url: url.href,
      secret: WEBHOOK_SECRET,
      timeoutMs: 2000,
      vocabulary: formVocabulary,
    });
    const stored = await store.insert(quickInquiry() as Inquiry, { bodyHash: "c", channels: ["webhook"] });
    if (!("id" in stored)) throw new Error("insert failed");
    const failure = await channel.deliver((await store.get(stored.id)) as never).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^request failed: /);
    expect((failure as Error).message).not.toContain("s3cr3t-token");
  });
});

describe("retryAfterMs", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  it.each([
    ["seconds", "5", 5000],
    ["an HTTP date", "Sun, 01 Mar 2026 12:01:00 GMT", 60_000],
    ["a date in the past", "Sun, 01 Mar 2026 11:00:00 GMT", 0],
    ["nothing", null, undefined],
    ["something unreadable", "soon", undefined],
    ["a negative number", "-5", undefined],
  ])("%s", (_name, header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
