// The production server on the pre-rendered build, for the scripts that
// measure it in a browser (scripts/audit.mjs, scripts/trace-long-tasks.mjs):
// on a free port, with a throwaway inquiry database, stopped with the script;
// and the same pages without JavaScript beside it (serveWithoutScripts).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = new URL("../..", import.meta.url).pathname;

/** Starts the server and waits until it answers; `fail` is called with a message if it cannot. */
export async function serveBuild(fail) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dbDir = mkdtempSync(join(tmpdir(), "serve-build-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", INQUIRY_DB: join(dbDir, "inquiries.db") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code) => {
    if (code !== null && code !== 0) fail(`the server exited with code ${code}`);
  });
  const stop = () => {
    child.kill();
    rmSync(dbDir, { recursive: true, force: true });
  };
  await waitForServer(`${origin}/`, fail);
  return { origin, stop };
}

async function waitForServer(url, fail) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`the server did not answer at ${url} within 30 s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

/**
 * A second address for the same server whose pages come without JavaScript
 * (withoutScripts); every other response passes byte for byte, compressed as
 * the server sent it, and a page is gzipped again, so both copies cost the
 * network alike. The audit loads each route from both in one run.
 */
export async function serveWithoutScripts(origin, withoutScripts) {
  const port = await freePort();
  const server = createHttpServer((request, response) => {
    const page = (request.headers.accept ?? "").includes("text/html");
    const headers = { ...request.headers, host: new URL(origin).host };
    if (page) headers["accept-encoding"] = "identity";
    const upstream = httpRequest(`${origin}${request.url}`, { method: request.method, headers }, (answer) => {
      const type = answer.headers["content-type"] ?? "";
      if (!type.startsWith("text/html")) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => {
        const html = withoutScripts(Buffer.concat(chunks).toString("utf8"));
        const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
        const { "content-length": _length, "content-encoding": _encoding, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, { ...rest, ...(gzip && { "content-encoding": "gzip" }) });
        response.end(gzip ? gzipSync(html) : html);
      });
    });
    upstream.on("error", (error) => {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
