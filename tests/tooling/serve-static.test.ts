// The plain static server that `npm run audit -- --against <dir>` serves both
// builds with (scripts/lib/serve-build.js): a path's file or its index.html,
// the 404 page with status 404, a pre-compressed twin when the browser takes
// it, and nothing outside the folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../scripts/lib/serve-build.js";

let dir: string;
let server: { origin: string; stop: () => void };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "serve-static-"));
  mkdirSync(join(dir, "client/about"), { recursive: true });
  mkdirSync(join(dir, "client/assets"), { recursive: true });
  writeFileSync(join(dir, "client/index.html"), "<p>home</p>");
  writeFileSync(join(dir, "client/about/index.html"), "<p>about</p>");
  writeFileSync(join(dir, "client/404.html"), "<p>not found</p>");
  writeFileSync(join(dir, "client/assets/app.js"), "export {};");
  writeFileSync(join(dir, "client/assets/app.js.br"), brotliCompressSync("export {};"));
  writeFileSync(join(dir, "secret.txt"), "outside");
  server = await serveStatic(join(dir, "client"));
});

afterAll(() => {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET: status, headers and the body as sent (not decompressed). */
function get(path: string, encoding = "identity") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.origin}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serveStatic", () => {
  it("serves a path's index.html, as HTML, revalidated", async () => {
    const about = await get("/about");
    expect(about.status).toBe(200);
    expect(about.body.toString()).toBe("<p>about</p>");
    expect(about.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(about.headers["cache-control"]).toBe("no-cache");
    expect((await get("/")).body.toString()).toBe("<p>home</p>");
  });

  it("answers an unknown path, and a path outside the folder, with the 404 page", async () => {
    for (const path of ["/nothing-here", "/../secret.txt", "/%2e%2e/secret.txt"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toBe("<p>not found</p>");
    }
  });

  it("sends the brotli twin when accepted, else gzip made on the spot, cached for good under assets/", async () => {
    const br = await get("/assets/app.js", "br, gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toContain("immutable");
    const gzip = await get("/assets/app.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe("export {};");
  });
});
