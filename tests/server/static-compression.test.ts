// Text files without a pre-compressed twin, compressed by the server as it
// answers: in the coding the client weighs highest, once per version of the
// file, kept in a cache bounded by bytes. Real HTTP, real files; the cache's
// counters say whether an answer was compressed or taken from it.
import { randomBytes } from "node:crypto";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_BYTES } from "../../security/compressible.js";
import { CompressedCache } from "../../server/compressed-cache.ts";
import { CLIENT_FILES, type RunningApp, startApp } from "./support.ts";

/** A page well above MIN_BYTES, with no twin. */
const PAGE = `<!doctype html><title>Plain</title>${"<p>Growth needs a plan, and a plan needs numbers.</p>\n".repeat(80)}`;
const SMALL = "body{margin:0}";
/** The 404 page, large enough to be compressed. */
const NOT_FOUND = `<!doctype html><title>Not found</title>${"<p>Nothing here.</p>\n".repeat(40)}`;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http: no automatic decompression. */
function send(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(response: Raw): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return response.body.toString("utf8");
}

describe("on-the-fly compression of static files without twins", () => {
  let app: RunningApp;
  const cache = new CompressedCache(1024 * 1024);
  const get = (path: string, encoding: string, method = "GET") =>
    send(app.url, path, { "accept-encoding": encoding }, method);

  beforeAll(async () => {
    app = await startApp({
      compressedCache: cache,
      beforeStart: (client) => {
        writeFileSync(join(client, "plain.html"), PAGE);
        writeFileSync(join(client, "head.html"), PAGE);
        writeFileSync(join(client, "range.html"), PAGE);
        writeFileSync(join(client, "cached.html"), PAGE);
        writeFileSync(join(client, "rebuilt.html"), PAGE);
        writeFileSync(join(client, "small.css"), SMALL);
        writeFileSync(join(client, "stale.html"), PAGE);
        // Left over from an earlier build: a twin of other bytes, older than its file.
        writeFileSync(join(client, "stale.html.br"), brotliCompressSync("an earlier build's page"));
        const earlier = new Date(Date.now() - 60_000);
        utimesSync(join(client, "stale.html.br"), earlier, earlier);
        writeFileSync(join(client, "404.html"), NOT_FOUND);
      },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["*", "br"],
    ["br;q=0, *", "gzip"],
    ["identity", undefined],
    ["br;q=0, gzip;q=0", undefined],
    ["identity, gzip;q=0.5", undefined],
  ])(
    "Accept-Encoding %j → Content-Encoding %s, the file's bytes once decoded, Vary: Accept-Encoding",
    async (accept, encoding) => {
      const response = await get("/plain.html", accept);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decoded(response)).toBe(PAGE);
    },
  );

  it("the second request for a file is answered from the cache, not compressed again", async () => {
    const before = { ...cache.stats };
    const first = await get("/cached.html", "br");
    expect(cache.stats.misses).toBe(before.misses + 1);
    const second = await get("/cached.html", "br");
    expect(cache.stats.misses).toBe(before.misses + 1);
    expect(cache.stats.hits).toBe(before.hits + 1);
    expect(second.body.equals(first.body)).toBe(true);
    expect(cache.stats.bytes).toBe(before.bytes + first.body.length);
  });

  it("a file rewritten on disk (new size and mtime) is compressed again: the new bytes are sent, never the old", async () => {
    const path = join(app.clientDir, "rebuilt.html");
    expect(decoded(await get("/rebuilt.html", "br"))).toBe(PAGE);
    const rebuilt = PAGE.replace("Plain", "Rebuilt, with a longer title");
    writeFileSync(path, rebuilt);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path, later, later);
    const misses = cache.stats.misses;
    const response = await get("/rebuilt.html", "br");
    expect(cache.stats.misses).toBe(misses + 1);
    expect(decoded(response)).toBe(rebuilt);
    expect(decoded(await get("/rebuilt.html", "br"))).toBe(rebuilt);
    expect(cache.stats.misses).toBe(misses + 1);
  });

  it("a twin on disk wins over compressing now: its bytes are sent and nothing is compressed", async () => {
    const misses = cache.stats.misses;
    const br = await get("/assets/x.js", "br, gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(readFileSync(join(app.clientDir, "assets/x.js.br")))).toBe(true);
    const gzip = await get("/assets/x.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(readFileSync(join(app.clientDir, "assets/x.js.gz")))).toBe(true);
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    expect(cache.stats.misses).toBe(misses);
  });

  it("a twin older than its file (left by an earlier build) is not sent: the file is compressed now", async () => {
    const misses = cache.stats.misses;
    const response = await get("/stale.html", "br, gzip");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(decoded(response)).toBe(PAGE);
    expect(cache.stats.misses).toBe(misses + 1);
  });

  it("a twin the client refuses is not sent: br;q=0 gets the .gz twin, identity the file", async () => {
    const gzip = await get("/assets/x.js", "br;q=0, gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(CLIENT_FILES["assets/x.js"]);
    const plain = await get("/assets/x.js", "br;q=0, gzip;q=0");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(CLIENT_FILES["assets/x.js"]);
  });

  it(`a file under MIN_BYTES (${MIN_BYTES}) is sent as it is, to a client that takes br`, async () => {
    const misses = cache.stats.misses;
    const response = await get("/small.css", "br, gzip");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.body.toString("utf8")).toBe(SMALL);
    expect(cache.stats.misses).toBe(misses);
  });

  it("HEAD: the headers a GET gets (Content-Encoding, Content-Length of the compressed bytes), no body", async () => {
    const head = await get("/head.html", "br", "HEAD");
    const body = await get("/head.html", "br");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(body.body.length));
    expect(head.body.length).toBe(0);
  });

  it("a Range request gets the range of the file as it is on disk (206), not of a compression made now", async () => {
    const response = await send(app.url, "/range.html", { "accept-encoding": "br, gzip", range: "bytes=0-14" });
    expect(response.status).toBe(206);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-range"]).toBe(`bytes 0-14/${Buffer.byteLength(PAGE)}`);
    expect(response.body.toString("utf8")).toBe(PAGE.slice(0, 15));
  });

  it("the 404 page is compressed once and then sent from the cache, with status 404", async () => {
    const first = await get("/nope", "br, gzip");
    const misses = cache.stats.misses;
    const second = await get("/no/such/page", "br, gzip");
    expect(cache.stats.misses).toBe(misses);
    for (const response of [first, second]) {
      expect(response.status).toBe(404);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(decoded(response)).toBe(NOT_FOUND);
    }
    expect(decoded(await get("/nope", "identity"))).toBe(NOT_FOUND);
  });
});

describe("the cache's bound", () => {
  const FILES = 6;
  /** Hex digits compress to about half: each file's brotli is about 2,000 bytes. */
  const files = Array.from({ length: FILES }, (_, i) => `/* ${i} */ ${randomBytes(2000).toString("hex")}`);
  const BOUND = 5000;
  let app: RunningApp;
  const cache = new CompressedCache(BOUND);
  const get = (i: number) => send(app.url, `/file-${i}.txt`, { "accept-encoding": "br" });

  beforeAll(async () => {
    app = await startApp({
      compressedCache: cache,
      beforeStart: (client) => {
        for (const [i, text] of files.entries()) writeFileSync(join(client, `file-${i}.txt`), text);
      },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it("filled with more than it holds, it stays within its bytes, the least recently used evicted first", async () => {
    for (let i = 0; i < FILES; i++) {
      expect(decoded(await get(i))).toBe(files[i]);
      expect(cache.stats.bytes).toBeLessThanOrEqual(BOUND);
    }
    expect(cache.stats.misses).toBe(FILES);
    expect(cache.stats.entries).toBe(2);
    // Held: the last two. Using the older of them makes the newest the least recently used…
    await get(FILES - 2);
    expect(cache.stats.misses).toBe(FILES);
    // …so the first file, compressed again, evicts the newest, not the one just used.
    await get(0);
    expect(cache.stats.misses).toBe(FILES + 1);
    await get(FILES - 2);
    expect(cache.stats.misses).toBe(FILES + 1);
    await get(FILES - 1);
    expect(cache.stats.misses).toBe(FILES + 2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(BOUND);
  });
});

describe("CompressedCache", () => {
  const content = Buffer.from(PAGE);

  it("concurrent requests for the same file share one compression", async () => {
    const cache = new CompressedCache(1024 * 1024);
    let reads = 0;
    const read = async () => {
      reads++;
      return content;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("page.html", "v1", "br", read)));
    expect(reads).toBe(1);
    expect(cache.stats).toMatchObject({ misses: 1, hits: 2, entries: 1 });
    expect(answers[1]).toBe(answers[0]);
    expect(brotliDecompressSync(answers[0] as Buffer).equals(content)).toBe(true);
  });

  it("a bound of 0 keeps nothing but still compresses", async () => {
    const cache = new CompressedCache(0);
    const read = async () => content;
    const first = await cache.get("page.html", "v1", "gzip", read);
    await cache.get("page.html", "v1", "gzip", read);
    expect(cache.stats).toEqual({ hits: 0, misses: 2, bytes: 0, entries: 0 });
    expect(gunzipSync(first).equals(content)).toBe(true);
  });
});
