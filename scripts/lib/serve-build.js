// The production server on the pre-rendered build, for the scripts that
// measure it in a browser (scripts/audit.mjs, scripts/trace-long-tasks.mjs):
// on a free port, with a throwaway inquiry database, stopped with the script;
// and the same pages without JavaScript beside it (serveWithoutScripts).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, sep } from "node:path";
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

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * A plain static server on a built site's client folder (any build of this
 * site, old or new): a path's file, or its index.html; 404.html with status
 * 404 for an unknown path. A file's pre-compressed twin (.br, then .gz) when
 * the browser accepts it, else the file gzipped here; hashed assets cached for
 * good, HTML revalidated. No security headers: they cost nothing to load.
 * `npm run audit -- --against <dir>` serves both builds with it, so that only
 * the builds differ.
 */
export async function serveStatic(dir) {
  const port = await freePort();
  const fileOf = (pathname) => {
    const path = join(dir, decodeURIComponent(pathname));
    if (!path.startsWith(dir)) return undefined;
    for (const candidate of [path, join(path, "index.html"), `${path}.html`]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };
  const server = createHttpServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://x");
    let file = fileOf(pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = join(dir, "404.html");
    }
    const accepts = request.headers["accept-encoding"] ?? "";
    const headers = {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      "cache-control": file.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      vary: "accept-encoding",
    };
    let body;
    if (/\bbr\b/.test(accepts) && existsSync(`${file}.br`)) {
      body = readFileSync(`${file}.br`);
      headers["content-encoding"] = "br";
    } else if (/\bgzip\b/.test(accepts)) {
      body = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(readFileSync(file));
      headers["content-encoding"] = "gzip";
    } else body = readFileSync(file);
    response.writeHead(status, { ...headers, "content-length": body.length });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
