import { existsSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";

let config: ReturnType<typeof loadConfig>;
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

const app = createApp({ clientDir: config.SITE_DIR });
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  console.log(`serving ${config.SITE_DIR} on http://${host}:${info.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
