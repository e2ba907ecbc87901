// `npm run edit`: the content editor for data/, on 127.0.0.1 only, at a
// free port, behind a random token printed in its address.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createEditorApp } from "./app.ts";
import { bundleApp } from "./bundle.ts";

const root = resolve(process.env.EDITOR_ROOT ?? process.cwd());
const wanted = Number(process.env.EDITOR_PORT ?? 0);
const token = process.env.EDITOR_TOKEN ?? randomBytes(24).toString("base64url");

const assets = await bundleApp();
// The port is known once listening; the guard reads it from here.
const context = { port: 0 };
const { app, close } = await createEditorApp({
  root,
  token,
  assets,
  get port() {
    return context.port;
  },
});
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: wanted }, (info: AddressInfo) => {
  context.port = info.port;
  console.log(`Content editor for ${resolve(root, "data")}:`);
  console.log(`  http://127.0.0.1:${info.port}/?token=${token}`);
  console.log("Open that address; it works only on this computer. Ctrl+C stops the editor.");
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}
