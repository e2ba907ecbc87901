// Hostile and broken input at the inquiries endpoint: each gets a clear JSON
// error, and nothing reaches the database (no inquiry, no outbox row).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ENDPOINT,
  expected,
  fullInquiry,
  labels,
  MULTI_LINE_HOSTILE,
  quickInquiry,
  type RunningApp,
  readDb,
  readRow,
  SINGLE_LINE_HOSTILE,
  startApp,
} from "./support.ts";

let app: RunningApp;

beforeAll(async () => {
  // Outbox on: a hostile inquiry that slipped through would leave an outbox row too.
  app = await startApp({ channels: ["mail"] });
});

afterAll(async () => {
  await app?.close();
});

function stored(): { inquiries: number; outbox: number } {
  return readDb(app.dbPath, (db) => ({
    inquiries: (db.prepare("SELECT count(*) AS n FROM inquiries").get() as { n: number }).n,
    outbox: (db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n,
  }));
}

// Every test here sends something that must not be stored.
afterEach(() => {
  expect(stored()).toEqual({ inquiries: 0, outbox: 0 });
});

function send(body: string | Uint8Array, contentType: string): Promise<Response> {
  return fetch(`${app.url}${ENDPOINT}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : new Uint8Array(body),
    redirect: "manual",
  });
}

async function problem(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
}

/** The JSON of a valid inquiry with raw bytes put where `@@` stands in the name. */
function jsonWithBytes(bytes: number[]): Buffer {
  const [before, after] = JSON.stringify(quickInquiry({ name: "Ada@@Lovelace" })).split("@@") as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}

describe("bytes that are not UTF-8", () => {
  it.each([
    ["a stray 0xFF", [0xff]],
    ["a Latin-1 é (0xE9)", [0xe9]],
    ["a truncated sequence", [0xe2, 0x82]],
    ["an overlong slash", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
  ])("JSON with %s → 400 invalid_encoding", async (_what, bytes) => {
    const response = await send(jsonWithBytes(bytes), "application/json");
    expect(response.status).toBe(400);
    expect(await problem(response)).toEqual({
      error: { code: "invalid_encoding", message: "the body is not valid UTF-8" },
    });
  });

  it("a form post with raw 0xE9 → 400", async () => {
    const body = Buffer.concat([Buffer.from("kind=quick&name=Ren"), Buffer.from([0xe9]), Buffer.from("&x=1")]);
    const response = await send(body, "application/x-www-form-urlencoded");
    expect(response.status).toBe(400);
    expect((await problem(response)).error.code).toBe("invalid_encoding");
  });

  it.each(["%FF", "%E9", "%C0%AF", "%ED%A0%80"])("a form post with the escape %s in a field → 400", async (percent) => {
    const form = new URLSearchParams(quickInquiry() as Record<string, string>).toString();
    const response = await send(form.replace("name=", `name=Ren${percent}`), "application/x-www-form-urlencoded");
    expect(response.status).toBe(400);
    expect(await problem(response)).toEqual({
      error: { code: "invalid_encoding", message: "a form field is not valid UTF-8" },
    });
  });

  it("a multipart post with invalid UTF-8 in a field → 400", async () => {
    const boundary = "b0undary";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRen`),
      Buffer.from([0xe9]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await send(body, `multipart/form-data; boundary=${boundary}`);
    expect(response.status).toBe(400);
    expect((await problem(response)).error.code).toBe("invalid_encoding");
  });
});

describe("a charset other than UTF-8", () => {
  it.each([
    ["application/json; charset=iso-8859-1", JSON.stringify(quickInquiry({ name: "René" }))],
    ["application/json; charset=UTF-16", JSON.stringify(quickInquiry())],
    ["application/x-www-form-urlencoded; charset=windows-1252", "kind=quick&name=Ren%E9"],
  ])("%s → 415 unsupported_charset", async (type, body) => {
    const response = await send(body, type);
    expect(response.status).toBe(415);
    const charset = type.split("charset=")[1]?.toLowerCase();
    expect(await problem(response)).toEqual({
      error: { code: "unsupported_charset", message: `send the body in UTF-8 (charset=utf-8), not ${charset}` },
    });
  });
});

describe("a malformed multipart body", () => {
  const boundary = "XyZ";
  it.each([
    ["no boundary parameter", "multipart/form-data", `--${boundary}\r\n\r\nx\r\n--${boundary}--`],
    ["a body that never starts a part", `multipart/form-data; boundary=${boundary}`, "just some text"],
    [
      "a part without its closing boundary",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda`,
    ],
    [
      "a part without Content-Disposition",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nX: y\r\n\r\nAda\r\n--${boundary}--\r\n`,
    ],
  ])("%s → 400 malformed_body, never 500", async (_what, type, body) => {
    const response = await send(body, type);
    expect(response.status).toBe(400);
    expect(await problem(response)).toEqual({
      error: { code: "malformed_body", message: "the multipart/form-data body cannot be parsed" },
    });
    expect(app.logs.filter((line) => line.includes("internal error"))).toEqual([]);
  });
});

describe("other methods on the endpoint", () => {
  it.each(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s → 405 with Allow: POST and a JSON body", async (method) => {
    const response = await fetch(`${app.url}${ENDPOINT}`, {
      method,
      ...(method === "GET" || method === "OPTIONS" ? {} : { body: JSON.stringify(quickInquiry()) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await problem(response)).toEqual({
      error: { code: "method_not_allowed", message: `${method} is not allowed here; send the inquiry with POST` },
    });
  });

  it("HEAD → 405 with Allow: POST (no body, as HEAD has none)", async () => {
    const response = await fetch(`${app.url}${ENDPOINT}`, { method: "HEAD" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("control and bidi characters in the fields", () => {
  const { full, quick } = labels;

  it.each(SINGLE_LINE_HOSTILE)("%s inside a name or company → 422 with the data's message", async (_what, bad) => {
    for (const [body, field, label] of [
      [fullInquiry({ name: `Ada${bad}Lovelace` }), "name", full.name],
      [quickInquiry({ company: `Evil${bad}Corp` }), "company", quick.company],
    ] as const) {
      const response = await send(JSON.stringify(body), "application/json");
      expect(response.status).toBe(422);
      expect(await problem(response)).toEqual({
        error: {
          code: "validation_failed",
          message: "some fields are not valid",
          fields: { [field]: expected.characters(label) },
        },
      });
    }
  });

  it.each(MULTI_LINE_HOSTILE)("%s inside a message → 422", async (_what, bad) => {
    const response = await send(JSON.stringify(quickInquiry({ message: `Hi${bad}there` })), "application/json");
    expect(response.status).toBe(422);
    expect((await problem(response)).error.fields).toEqual({ message: expected.characters(quick.message) });
  });

  it("the same in a form post (CR LF in a name sent by a script) → 422", async () => {
    const form = new URLSearchParams({
      ...(quickInquiry() as Record<string, string>),
      name: "Ada\r\nBcc: x@y.example",
    });
    const response = await send(form.toString(), "application/x-www-form-urlencoded");
    expect(response.status).toBe(422);
    expect((await problem(response)).error.fields).toEqual({ name: expected.characters(quick.name) });
  });
});

describe("clean text", () => {
  // The one test here that stores: its row is removed again so the afterEach check holds.
  it("is stored normalized: NFC, CRLF as LF", async () => {
    const response = await send(
      JSON.stringify(quickInquiry({ name: "Ame\u0301lie", message: "Line one\r\nLine two" })),
      "application/json",
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)).toMatchObject({ name: "Amélie", message: "Line one\nLine two" });
    app.store.db.exec("DELETE FROM outbox; DELETE FROM inquiries");
  });
});
