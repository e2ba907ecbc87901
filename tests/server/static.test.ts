// The pre-rendered site as the production server serves it, and the security
// headers of every kind of answer.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterPaintLoader } from "../../security/after-paint.js";
import { MAX_BODY_BYTES } from "../../server/inquiries-api.ts";
import {
  CLIENT_FILES,
  ENDPOINT,
  fullInquiry,
  postJson,
  type RunningApp,
  startApp,
  UNPUBLISHED_FILES,
} from "./support.ts";

let app: RunningApp;
let limited: RunningApp;

beforeAll(async () => {
  app = await startApp();
  limited = await startApp({ rateLimit: 1 });
});

afterAll(async () => {
  await app?.close();
  await limited?.close();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with node:http: no automatic decompression, and the path sent exactly as written. */
function get(path: string, headers: Record<string, string> = {}, base = app.url): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const identity = { "accept-encoding": "identity" };

describe("static files", () => {
  it.each([
    ["/", "index.html"],
    ["/index.html", "index.html"],
    ["/about", "about/index.html"],
    ["/about/", "about/index.html"],
  ] as const)("%s serves %s as HTML, revalidated on every visit (no-cache)", async (path, file) => {
    const response = await get(path, identity);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body.toString("utf8")).toBe(CLIENT_FILES[file]);
  });

  it("/assets/ files are cached for a year, immutable", async () => {
    const response = await get("/assets/x.js", identity);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString("utf8")).toBe(CLIENT_FILES["assets/x.js"]);
  });

  it("serves the pre-compressed .br file with Content-Encoding br when the browser accepts it", async () => {
    const response = await get("/assets/x.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.equals(readFileSync(join(app.clientDir, "assets/x.js.br")))).toBe(true);
    expect(brotliDecompressSync(response.body).toString("utf8")).toBe(CLIENT_FILES["assets/x.js"]);
  });

  it("the Insights feed is served as Atom, compressed or not, revalidated hourly", async () => {
    for (const headers of [identity, { "accept-encoding": "br" }]) {
      const response = await get("/insights/feed.xml", headers);
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      const body = response.headers["content-encoding"] === "br" ? brotliDecompressSync(response.body) : response.body;
      expect(body.toString("utf8")).toBe(CLIENT_FILES["insights/feed.xml"]);
    }
  });

  it.each(["/nope", "/contact/nope", "/assets/missing.js", `${ENDPOINT}/x`])(
    "an unknown path (%s) → 404 with the 404.html page",
    async (path) => {
      const response = await get(path, identity);
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^text\/html; charset=utf-8$/i);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body.toString("utf8")).toBe(CLIENT_FILES["404.html"]);
    },
  );

  it.each([
    ...Object.keys(UNPUBLISHED_FILES).map((file) => `/${file}`),
    "/.vite/",
    "/%2eenv",
    "/assets/x.js.br",
    "/assets/x.js.gz",
  ])("a file the build did not mean to publish (%s) → 404, its bytes not sent", async (path) => {
    for (const headers of [identity, { "accept-encoding": "br, gzip" }]) {
      const response = await get(path, headers);
      expect(response.status).toBe(404);
      const encoding = response.headers["content-encoding"];
      const body =
        encoding === "br"
          ? brotliDecompressSync(response.body)
          : encoding === "gzip"
            ? gunzipSync(response.body)
            : response.body;
      expect(body.toString("utf8")).toBe(CLIENT_FILES["404.html"]);
    }
  });

  it.each(["/../secret.txt", "/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt"])(
    "a path that climbs out of the site (%s) → 404",
    async (path) => {
      const response = await get(path, identity);
      expect(response.status).toBe(404);
      expect(response.body.toString("utf8")).toBe(CLIENT_FILES["404.html"]);
    },
  );
});

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers on every response", () => {
  const cases: [string, () => Promise<{ status: number; headers: Headers | IncomingHttpHeaders }>, number][] = [
    ["a page", () => get("/", identity), 200],
    ["a pre-compressed asset", () => get("/assets/x.js", { "accept-encoding": "br" }), 200],
    ["the 404 page", () => get("/nope", identity), 404],
    ["201 stored", () => postJson(app.url, fullInquiry()), 201],
    ["400 malformed JSON", () => postJson(app.url, "{"), 400],
    ["413 too large", () => postJson(app.url, "x".repeat(MAX_BODY_BYTES + 1)), 413],
    ["415 wrong type", () => postJson(app.url, "{}", { "content-type": "text/plain" }), 415],
    ["422 invalid", () => postJson(app.url, {}), 422],
    [
      "429 rate limited",
      async () => {
        await postJson(limited.url, fullInquiry());
        return postJson(limited.url, fullInquiry());
      },
      429,
    ],
  ];

  it.each(cases)("%s", async (_name, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    const header = (name: string) =>
      response.headers instanceof Headers
        ? (response.headers.get(name) ?? undefined)
        : (response.headers[name] as string | undefined);

    const csp = directives(header("content-security-policy"));
    // This origin's files, and one inline script: the after-paint loader, by the SHA-256 of its exact text.
    const loader = `'sha256-${createHash("sha256").update(afterPaintLoader().code).digest("base64")}'`;
    expect(csp.get("script-src")).toEqual(["'self'", loader]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(header("x-content-type-options")).toBe("nosniff");
    expect(header("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(header("x-frame-options")).toBe("DENY");
    expect(header("cross-origin-opener-policy")).toBe("same-origin");
  });
});
