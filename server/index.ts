import { existsSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { retry } from "../site/generated/behaviour.ts";
import { firm } from "../site/generated/site.ts";
import { createApp } from "./app.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { OutboxNotifier } from "./notify.ts";
import { createFormRenderer } from "./render-form.ts";
import { InquiryStore } from "./store.ts";

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

let store: InquiryStore;
try {
  store = new InquiryStore(config.INQUIRY_DB);
} catch (error) {
  console.error(`error: cannot open the inquiry database ${config.INQUIRY_DB}: ${(error as Error).message}`);
  process.exit(2);
}
const notifier =
  config.SMTP_URL && config.INQUIRY_NOTIFY_TO
    ? new OutboxNotifier({
        store,
        smtpUrl: config.SMTP_URL,
        to: config.INQUIRY_NOTIFY_TO,
        from: config.INQUIRY_NOTIFY_FROM ?? firm.email,
        policy: retry,
      })
    : undefined;
if (notifier) notifier.start();
else console.log("notifications are off: set SMTP_URL and INQUIRY_NOTIFY_TO to e-mail each inquiry");

const app = createApp({
  clientDir: config.SITE_DIR,
  store,
  rateLimit: config.INQUIRY_RATE_LIMIT,
  notify: notifier !== undefined,
  onStored: () => notifier?.kick(),
  renderFormWithErrors: await createFormRenderer(config.SERVER_DIR),
});

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  console.log(`serving ${config.SITE_DIR} on http://${host}:${info.port} (inquiries in ${config.INQUIRY_DB})`);
});

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(`error: cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  process.exit(2);
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await notifier?.stop();
      store.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
