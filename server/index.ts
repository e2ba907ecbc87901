import { existsSync } from "node:fs";
import { join } from "node:path";
import { MailChannel } from "../inquiries/channels/mail.ts";
import { WebhookChannel } from "../inquiries/channels/webhook.ts";
import { deliveryPolicy } from "../inquiries/delivery-policy.ts";
import { describeLocation, openInquiryStore } from "../inquiries/open-store.ts";
import { type DeliveryChannel, Outbox } from "../inquiries/outbox.ts";
import { RetentionPurge } from "../inquiries/retention.ts";
import { formVocabulary } from "../inquiries/schema.ts";
import type { InquiryStore } from "../inquiries/store.ts";
import { delivery, visits } from "../site/generated/behaviour.ts";
import { consultants } from "../site/generated/consultants.ts";
import { retention } from "../site/generated/legal.ts";
import { firm } from "../site/generated/site.ts";
import { ViewBatcher } from "../visits/batcher.ts";
import { openVisitStore } from "../visits/open-store.ts";
import type { VisitStore } from "../visits/store.ts";
import { createApp } from "./app.ts";
import { CompressedCache } from "./compressed-cache.ts";
import {
  compressedCacheBytes,
  loadConfig,
  requestLimits,
  type ServerConfig,
  storeLocation,
  trustedProxies,
} from "./config.ts";
import { listen } from "./http-server.ts";
import { createFormRenderer } from "./render-form.ts";

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
if (!existsSync(join(config.SITE_DIR, "index.html"))) {
  console.error(`error: no built site in ${config.SITE_DIR}; run \`npm run build\` first`);
  process.exit(2);
}

/** Opens a store at the configured location, or stops start-up with a message that names it (never the URL: it may hold a password). */
async function openOrExit<T>(what: string, open: (location: string, options: { busyWaitMs: number }) => Promise<T>) {
  try {
    return await open(storeLocation(config), { busyWaitMs: config.INQUIRY_DB_BUSY_MS });
  } catch (error) {
    console.error(
      `error: cannot open ${what} (${describeLocation(storeLocation(config))}): ${(error as Error).message}`,
    );
    process.exit(2);
  }
}
const store: InquiryStore = await openOrExit("the inquiry database", openInquiryStore);
const visitStore: VisitStore = await openOrExit("the view counts", openVisitStore);
// Views are summed in memory and written every few seconds, and when the server stops.
const views = new ViewBatcher({ store: visitStore, everyMs: visits.flushEverySeconds * 1000 });
views.start();

// Inquiries and daily counts older than the privacy notice's periods go now and then daily.
const purge = new RetentionPurge({ store, periods: retention, visits: visitStore });
try {
  await purge.start();
} catch (error) {
  // Inquiries still come in; the purge runs again on its daily timer.
  console.error(`retention: the purge at start failed, will try again in 24 hours: ${(error as Error).message}`);
}

const policy = deliveryPolicy(delivery);
const channels: DeliveryChannel[] = [];
if (config.SMTP_URL && config.INQUIRY_NOTIFY_TO) {
  channels.push(
    new MailChannel({
      smtpUrl: config.SMTP_URL,
      to: config.INQUIRY_NOTIFY_TO,
      from: config.INQUIRY_NOTIFY_FROM ?? firm.email,
      firmName: firm.name,
      vocabulary: formVocabulary,
      consultants,
      timeoutMs: policy.attemptTimeoutMs,
    }),
  );
} else console.log("notifications are off: set SMTP_URL and INQUIRY_NOTIFY_TO to e-mail each inquiry");
if (config.INQUIRY_WEBHOOK_URL && config.INQUIRY_WEBHOOK_SECRET) {
  channels.push(
    new WebhookChannel({
      url: config.INQUIRY_WEBHOOK_URL,
      secret: config.INQUIRY_WEBHOOK_SECRET,
      timeoutMs: policy.attemptTimeoutMs,
      vocabulary: formVocabulary,
      consultants,
    }),
  );
  console.log(`webhook: each inquiry is POSTed to ${new URL(config.INQUIRY_WEBHOOK_URL).origin}`);
}
const outboxes = channels.map((channel) => new Outbox({ store, channel, policy }));
for (const outbox of outboxes) outbox.start();

let stopping = false;
const trust = trustedProxies(config);
const app = createApp({
  clientDir: config.SITE_DIR,
  store,
  rateLimit: config.INQUIRY_RATE_LIMIT,
  rateLimitSecret: config.INQUIRY_RATE_LIMIT_SECRET,
  trustedProxies: trust,
  isStopping: () => stopping,
  channels: channels.map((channel) => channel.name),
  onStored: () => {
    for (const outbox of outboxes) outbox.kick();
  },
  renderFormWithErrors: await createFormRenderer(config.SERVER_DIR),
  views,
  compressedCache: new CompressedCache(compressedCacheBytes(config)),
});

const server = listen(app, { port: config.PORT, hostname: config.HOST, limits: requestLimits(config) }, (port) => {
  const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  console.log(`serving ${config.SITE_DIR} on http://${host}:${port} (inquiries in ${store.description})`);
  if (trust.ranges.length > 0) {
    console.log(`client addresses: from ${trust.header} when the connection comes from a trusted proxy`);
  }
});

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(`error: cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  process.exit(2);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      purge.stop();
      await Promise.all(outboxes.map((outbox) => outbox.stop()));
      // The views counted since the last flush: a restart loses none.
      await views.stop();
      await visitStore.close();
      await store.close();
      process.exit(0);
    });
    // Connections that outlive the grace period: the views held so far are written all the same.
    setTimeout(() => void views.stop().finally(() => process.exit(0)), 5000).unref();
  });
}
