// A real server process for the delivery tests: the app and its outboxes as
// server/index.ts wires them, with the delivery policy compressed (a lease
// of a second, not a minute) so a restart after `kill -9` takes over the
// killed process's claimed messages within the test. Run with `node --import tsx`.
import { serve } from "@hono/node-server";
import { WebhookChannel } from "../../inquiries/channels/webhook.ts";
import type { DeliveryPolicy } from "../../inquiries/delivery-policy.ts";
import { Outbox } from "../../inquiries/outbox.ts";
import { formVocabulary } from "../../inquiries/schema.ts";
import { SqliteInquiryStore } from "../../inquiries/store-sqlite.ts";
import { createApp } from "../../server/app.ts";

const env = process.env as Record<string, string>;
const policy = JSON.parse(env.DELIVERY_POLICY ?? "") as DeliveryPolicy;
const store = new SqliteInquiryStore(env.INQUIRY_DB ?? "");
const channel = new WebhookChannel({
  url: env.INQUIRY_WEBHOOK_URL ?? "",
  secret: env.INQUIRY_WEBHOOK_SECRET ?? "",
  timeoutMs: policy.attemptTimeoutMs,
  vocabulary: formVocabulary,
});
const outbox = new Outbox({ store, channel, policy, pollMs: 50 });
outbox.start();
const app = createApp({
  clientDir: env.SITE_DIR ?? "",
  store,
  rateLimit: 10_000,
  channels: [channel.name],
  onStored: () => outbox.kick(),
});
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`listening on ${info.port}`));
