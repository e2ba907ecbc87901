// `npm run edit`: the content editor for data/, on 127.0.0.1 only, at a
// free port, behind a random token printed in its address.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { getRequestListener, RequestError } from "@hono/node-server";
import { createEditorApp } from "./app.ts";
import { bundleApp } from "./bundle.ts";
import { withoutMachinePaths } from "./errors.ts";

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
// A request HTTP cannot make a Request of (a backslash or `..` in its path, a GET with a body) never
// reaches the app: answered here as the app answers, `{ error }`.
const listener = getRequestListener(app.fetch, {
  hostname: "127.0.0.1",
  errorHandler: (error) => {
    if (error instanceof RequestError) {
      return Response.json({ error: `not a request the editor reads: ${error.message}` }, { status: 400 });
    }
    console.error(error);
    const message = withoutMachinePaths((error as Error).message, root);
    return Response.json({ error: `the editor failed (a bug; its terminal shows where): ${message}` }, { status: 500 });
  },
});
const server = createServer(listener);
// Bytes node's HTTP parser cannot read as a request (a body with no length running into the next one).
server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const body = JSON.stringify({ error: `not an HTTP request the editor reads (${error.code ?? "unreadable"})` });
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
});
server.listen(wanted, "127.0.0.1", () => {
  const info = server.address() as AddressInfo;
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
