// A receiver's Retry-After holds back only what it must: ten messages claimed
// in one batch, the first answered 503 with Retry-After: 2, then every request
// 200. The other nine were not attempted: they go out after the 2 s, not when
// the pass's lease (60 s, data/behaviour.yaml) runs out. Real clock, the real
// delivery policy, a real receiver, on SQLite and on PostgreSQL.
import { afterEach, describe, expect, it } from "vitest";
import { WebhookChannel } from "../../inquiries/channels/webhook.ts";
import { deliveryPolicy } from "../../inquiries/delivery-policy.ts";
import { Outbox } from "../../inquiries/outbox.ts";
import { formVocabulary } from "../../inquiries/schema.ts";
import type { Inquiry } from "../../schemas/inquiry.ts";
import { delivery } from "../../site/generated/behaviour.ts";
import { storeKinds } from "../support/stores.ts";
import { quickInquiry, waitFor } from "./support.ts";
import { startReceiver, WEBHOOK_SECRET } from "./webhook-receiver.ts";

const MESSAGES = 10;
const RETRY_AFTER_S = 2;
const policy = deliveryPolicy(delivery);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(storeKinds())("a Retry-After on $name", (kind) => {
  it(`${MESSAGES} messages of one batch, the first answered 503 with Retry-After: ${RETRY_AFTER_S}: all delivered in seconds, none before the pause ends`, async () => {
    // The bound below is the point: without the release, nine messages wait out the lease.
    expect(policy.leaseMs).toBeGreaterThanOrEqual(30_000);
    const database = await kind.fresh();
    cleanups.push(() => database.cleanup());
    const store = await database.open();
    cleanups.push(() => store.close());
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    hooks.answers.push({ status: 503, headers: { "Retry-After": String(RETRY_AFTER_S) } });
    const arrivals: number[] = [];
    hooks.onRequest = () => arrivals.push(Date.now());

    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const result = await store.insert(quickInquiry({ name: `Burst ${i}` }) as Inquiry, {
        bodyHash: `burst-${i}`,
        channels: ["webhook"],
      });
      if ("id" in result) ids.push(result.id);
    }
    const logs: string[] = [];
    const channel = new WebhookChannel({
      url: hooks.url,
      secret: WEBHOOK_SECRET,
      timeoutMs: policy.attemptTimeoutMs,
      vocabulary: formVocabulary,
    });
    const outbox = new Outbox({ store, channel, policy, log: (line) => logs.push(line) });
    cleanups.push(() => outbox.stop());
    outbox.start();

    const deliveredIds = () =>
      new Set(hooks.received.slice(1).map((request) => String(request.headers["webhook-id"]).replace(/^msg_/, "")));
    await waitFor("all ten delivered", () => ids.every((id) => deliveredIds().has(id)), {
      timeoutMs: policy.leaseMs / 2,
      intervalMs: 50,
    });
    await waitFor("all ten marked sent", async () => (await store.outboxStatus()).sent === MESSAGES, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });

    // One batch: the first request was the only one before the pause, answered 503 ...
    expect(hooks.received[0]?.headers["webhook-id"]).toBe(`msg_${ids[0]}`);
    expect(logs.filter((line) => line.includes("HTTP 503"))).toHaveLength(1);
    // ... and nothing went out again before the receiver's Retry-After.
    const [first = 0, second = 0] = arrivals;
    expect(second - first).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 50);
    // Each delivered once: the 503 one on its own retry, the nine others after the pause.
    expect(hooks.received).toHaveLength(MESSAGES + 1);
    expect(hooks.received.every((request) => request.verifyError === undefined)).toBe(true);
    expect(await store.deliveries()).toEqual(
      ids.map((id, i) => expect.objectContaining({ inquiryId: id, status: "sent", attempts: i === 0 ? 2 : 1 })),
    );
  }, 60_000);
});
