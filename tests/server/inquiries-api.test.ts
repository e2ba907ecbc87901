// POST /api/inquiries over real HTTP, against a real SQLite file read back
// through a second connection.
import { request } from "node:http";
import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_LIMITS } from "../../schemas/inquiry.ts";
import { parseTrustedProxies } from "../../server/client-address.ts";
import { HONEYPOT_FIELD, MAX_BODY_BYTES, SENT_PAGE } from "../../server/inquiries-api.ts";
import { visits } from "../../site/generated/behaviour.ts";
import { retention } from "../../site/generated/legal.ts";
import { defaultLocale, locales } from "../../site/generated/locales.ts";
import {
  type Body,
  ENDPOINT,
  expected,
  fullInquiry,
  german,
  labels,
  postForm,
  postJson,
  quickInquiry,
  type RunningApp,
  readDb,
  readRow,
  rowCount,
  startApp,
} from "./support.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: RunningApp;
const rendered: {
  kind: string;
  language: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}[] = [];

beforeAll(async () => {
  app = await startApp({
    // Stands in for Vike's server render of the page that holds the form.
    renderFormWithErrors: async (c: Context, form) => {
      rendered.push(form);
      return c.html(`<form data-kind="${form.kind}">${Object.keys(form.errors).join(",")}</form>`, 422);
    },
  });
});

afterAll(async () => {
  await app?.close();
});

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
}

describe("an accepted inquiry", () => {
  it.each<[string, Body]>([
    ["full (contact page)", fullInquiry()],
    ["quick (home page)", quickInquiry()],
  ])("%s: 201 with the id, committed before the answer", async (_name, body) => {
    const before = rowCount(app.dbPath);
    const response = await postJson(app.url, body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: string };
    expect(Object.keys(answer)).toEqual(["id"]);
    expect(answer.id).toMatch(UUID);
    // Read right after the answer through an independent connection: the row is committed.
    const row = readRow(app.dbPath, answer.id);
    expect(row).toMatchObject(body);
    expect(rowCount(app.dbPath)).toBe(before + 1);
  });

  it("stores a full inquiry's fields in their columns, the other form's columns empty", async () => {
    const response = await postJson(app.url, fullInquiry());
    const { id } = (await response.json()) as { id: string };
    const { idempotency_key, ...row } = readRow(app.dbPath, id) ?? {};
    expect(row).toEqual({
      ...fullInquiry(),
      id,
      message: null,
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      body_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      // For access and erasure requests, which match the address whatever its case.
      email_folded: String(fullInquiry().email).toLowerCase(),
      // Neither an origin nor a Referer: where the visit came from is not known.
      sent_from: null,
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
    expect(idempotency_key).toBeNull();
  });

  it("stores where the visit came from, as the page's script kept it, reduced as the view counts are", async () => {
    const origin = {
      sentFrom: "/about",
      landingPage: "/",
      referrerHost: "WWW.LinkedIn.com",
      utmSource: "LinkedIn",
      utmMedium: "social\u0000\u001b[2J",
      utmCampaign: `Q4 launch ${"x".repeat(500)}`,
    };
    const response = await postJson(app.url, { ...quickInquiry(), origin });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)).toMatchObject({
      sent_from: "/about",
      landing_page: "/",
      referrer_host: "www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "social-2j",
      utm_campaign: `q4-launch-${"x".repeat(visits.campaignValueMaxLength - "q4-launch-".length)}`,
    });
    // Paths that are not pages of the site, and an origin that is not one, keep nothing from it.
    const odd = await postJson(app.url, {
      ...quickInquiry({ name: "Odd" }),
      origin: { sentFrom: "/nope", landingPage: "javascript:alert(1)", referrerHost: "127.0.0.1" },
    });
    const stored = readRow(app.dbPath, ((await odd.json()) as { id: string }).id);
    expect(stored).toMatchObject({ sent_from: null, landing_page: null, referrer_host: null });
    const notAnOrigin = await postJson(app.url, { ...quickInquiry({ name: "Not" }), origin: "x".repeat(100) });
    expect(notAnOrigin.status).toBe(201);
  });

  it("a form posted without JavaScript: the form's page and another site's host from the Referer header", async () => {
    const fromPage = await postForm(app.url, quickInquiry() as Record<string, string>, {
      referer: `${app.url}/about?utm_source=ignored`,
    });
    expect(fromPage.status).toBe(303);
    const fromElsewhere = await postForm(app.url, quickInquiry({ name: "Elsewhere" }) as Record<string, string>, {
      referer: "https://partner.example/some/page?q=1",
    });
    expect(fromElsewhere.status).toBe(303);
    const rows = readDb(app.dbPath, (db) =>
      db
        .prepare(
          "SELECT name, sent_from, landing_page, referrer_host FROM inquiries WHERE name IN (?, ?) ORDER BY rowid DESC LIMIT 2",
        )
        .all(quickInquiry().name, "Elsewhere"),
    );
    expect(rows).toEqual([
      { name: "Elsewhere", sent_from: null, landing_page: null, referrer_host: "partner.example" },
      { name: quickInquiry().name, sent_from: "/about", landing_page: "/about", referrer_host: null },
    ]);
  });

  it("stores a quick message without the full form's columns", async () => {
    const response = await postJson(app.url, quickInquiry());
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)).toMatchObject({
      ...quickInquiry(),
      role: null,
      arr: null,
      industry: null,
      challenges: null,
      objectives: null,
      timeline: null,
    });
  });

  it("stores strings trimmed", async () => {
    const response = await postJson(
      app.url,
      fullInquiry({ name: "  Ada Lovelace\n", email: " ada@analytical.example ", company: "\tAE Ltd  " }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@analytical.example",
      company: "AE Ltd",
    });
  });

  it.each<[string, Body]>([
    ["absent", { timeline: undefined }],
    ["empty (the select's placeholder)", { timeline: "" }],
    ["null", { timeline: null }],
  ])("treats a timeline that is %s as not chosen", async (_name, override) => {
    const response = await postJson(app.url, fullInquiry(override));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)?.timeline).toBeNull();
  });

  it("accepts application/json with a charset", async () => {
    const response = await postJson(app.url, quickInquiry(), { "content-type": "application/json; charset=utf-8" });
    expect(response.status).toBe(201);
  });

  it(`accepts a body of exactly ${MAX_BODY_BYTES} bytes`, async () => {
    const json = JSON.stringify(quickInquiry());
    const padded = `${json.slice(0, -1)}${" ".repeat(MAX_BODY_BYTES - Buffer.byteLength(json))}}`;
    expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
    const response = await postJson(app.url, padded);
    expect(response.status).toBe(201);
  });
});

describe("a rejected inquiry", () => {
  it.each<[string, () => Promise<Response>, number, { code: string; message: string }]>([
    [
      "a body over 32 KB (by Content-Length)",
      () => postJson(app.url, fullInquiry({ challenges: "c".repeat(MAX_BODY_BYTES) })),
      413,
      { code: "payload_too_large", message: "the body is over 32 KB" },
    ],
    [
      "one byte over 32 KB",
      () => {
        const json = JSON.stringify(quickInquiry());
        return postJson(app.url, `${json.slice(0, -1)}${" ".repeat(MAX_BODY_BYTES + 1 - Buffer.byteLength(json))}}`);
      },
      413,
      { code: "payload_too_large", message: "the body is over 32 KB" },
    ],
    [
      "a body over 32 KB sent in chunks, without Content-Length",
      () =>
        fetch(`${app.url}${ENDPOINT}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: new ReadableStream({
            start(controller) {
              const chunk = new TextEncoder().encode(" ".repeat(4096));
              for (let i = 0; i < 9; i++) controller.enqueue(chunk);
              controller.close();
            },
          }),
          duplex: "half",
        } as RequestInit),
      413,
      { code: "payload_too_large", message: "the body is over 32 KB" },
    ],
    [
      "text/plain",
      () => postJson(app.url, fullInquiry(), { "content-type": "text/plain" }),
      415,
      {
        code: "unsupported_media_type",
        message: "send application/json, or a form as application/x-www-form-urlencoded",
      },
    ],
    [
      "no content type",
      () => fetch(`${app.url}${ENDPOINT}`, { method: "POST", body: new Uint8Array(Buffer.from("{}")) }),
      415,
      {
        code: "unsupported_media_type",
        message: "send application/json, or a form as application/x-www-form-urlencoded",
      },
    ],
    [
      "malformed JSON",
      () => postJson(app.url, '{"kind": "full", "name": '),
      400,
      { code: "malformed_json", message: "the body is not valid JSON" },
    ],
    [
      "an empty JSON body",
      () => postJson(app.url, ""),
      400,
      { code: "malformed_json", message: "the body is not valid JSON" },
    ],
  ])("%s → %i", async (_name, send, status, error) => {
    const before = rowCount(app.dbPath);
    const response = await send();
    expect(response.status).toBe(status);
    expect(await problemOf(response)).toEqual({ error });
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it.each<[string, unknown]>([
    ["a JSON array", [fullInquiry()]],
    ["JSON null", null],
    ["a JSON string", "hello"],
    ["a JSON number", 42],
  ])("%s → 422, the body must be an object", async (_name, body) => {
    const response = await postJson(app.url, JSON.stringify(body));
    expect(response.status).toBe(422);
    expect(await problemOf(response)).toEqual({
      error: { code: "validation_failed", message: "the body must be a JSON object", fields: {} },
    });
  });

  const { full, quick } = labels;
  it.each<[string, Body, Record<string, string>]>([
    [
      "an empty full inquiry",
      { kind: "full" },
      {
        name: expected.required(full.name),
        email: expected.required(full.email),
        company: expected.required(full.company),
        role: expected.choice(full.role),
        arr: expected.choice(full.arr),
        industry: expected.choice(full.industry),
        challenges: expected.required(full.challenges),
        objectives: expected.required(full.objectives),
      },
    ],
    [
      "an empty quick message",
      { kind: "quick" },
      {
        name: expected.required(quick.name),
        email: expected.required(quick.email),
        company: expected.required(quick.company),
        message: expected.required(quick.message),
      },
    ],
    ["an invalid e-mail", fullInquiry({ email: "ada-at-analytical" }), { email: expected.email }],
    [
      `a name of ${INQUIRY_LIMITS.short + 1} characters`,
      quickInquiry({ name: "g".repeat(INQUIRY_LIMITS.short + 1) }),
      { name: expected.tooLong(quick.name, INQUIRY_LIMITS.short) },
    ],
    [
      `a message of ${INQUIRY_LIMITS.long + 1} characters`,
      quickInquiry({ message: "m".repeat(INQUIRY_LIMITS.long + 1) }),
      { message: expected.tooLong(quick.message, INQUIRY_LIMITS.long) },
    ],
    ["a role that is not an option", fullInquiry({ role: "king" }), { role: expected.choice(full.role) }],
    [
      "a timeline that is not an option",
      fullInquiry({ timeline: "never" }),
      { timeline: expected.choice(full.timeline) },
    ],
    ["no kind", { name: "Ada" }, { kind: expected.kind }],
    ["an unknown kind", fullInquiry({ kind: "long" }), { kind: expected.kind }],
    ["an unknown field", fullInquiry({ budget: "1M" }), { budget: "unknown field" }],
    ["two unknown fields", quickInquiry({ phone: "1", fax: "2" }), { "phone, fax": "unknown fields" }],
  ])("%s → 422 with a message per field", async (_name, body, fields) => {
    const before = rowCount(app.dbPath);
    const response = await postJson(app.url, body);
    expect(response.status).toBe(422);
    expect(await problemOf(response)).toEqual({
      error: { code: "validation_failed", message: "some fields are not valid", fields },
    });
    expect(rowCount(app.dbPath)).toBe(before);
  });
});

describe("the honeypot", () => {
  it("a filled honeypot gets a 201 that looks real, and nothing is stored", async () => {
    const before = rowCount(app.dbPath);
    const response = await postJson(app.url, fullInquiry({ [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(UUID);
    expect(readRow(app.dbPath, id)).toBeUndefined();
    expect(rowCount(app.dbPath)).toBe(before);
    // Counted, never attributed: no address in the log (data/legal.yaml's privacy notice says so).
    expect(app.logs).toContain("inquiries: honeypot filled; dropped");
    expect(app.logs.join("\n")).not.toContain("127.0.0.1");
  });

  it("a filled honeypot in a form post gets the usual redirect, and nothing is stored", async () => {
    const before = rowCount(app.dbPath);
    const response = await postForm(app.url, { ...(quickInquiry() as Record<string, string>), [HONEYPOT_FIELD]: "x" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(SENT_PAGE);
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it("an empty or blank honeypot (a real visitor) is ignored and the inquiry stored", async () => {
    for (const value of ["", "   "]) {
      const response = await postJson(app.url, quickInquiry({ [HONEYPOT_FIELD]: value }));
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(readRow(app.dbPath, id)?.name).toBe(quickInquiry().name);
    }
  });
});

describe("a form post (JavaScript off)", () => {
  it("x-www-form-urlencoded: 303 to the sent page, and the row stored", async () => {
    const before = rowCount(app.dbPath);
    const body = { ...(fullInquiry() as Record<string, string>), [HONEYPOT_FIELD]: "", timeline: "" };
    const response = await postForm(app.url, body);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(SENT_PAGE);
    expect(rowCount(app.dbPath)).toBe(before + 1);
    const stored = await readLatest();
    expect(stored).toMatchObject({ ...fullInquiry(), timeline: null });
  });

  it("multipart/form-data: 303 and the row stored", async () => {
    const before = rowCount(app.dbPath);
    const form = new FormData();
    for (const [key, value] of Object.entries(quickInquiry({ name: "Multipart Grace" }))) form.set(key, String(value));
    const response = await fetch(`${app.url}${ENDPOINT}`, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(SENT_PAGE);
    expect(rowCount(app.dbPath)).toBe(before + 1);
    expect((await readLatest())?.name).toBe("Multipart Grace");
  });

  // One schema, one behaviour: a field the form does not have is refused in a form post as in JSON,
  // whatever its name (`__proto__` and `constructor` are no prototype and no inherited property).
  for (const unknown of ["__proto__", "constructor", "referrer"]) {
    it(`with an unknown field \`${unknown}\`: the same 422 as the JSON body, nothing stored, no page rendered`, async () => {
      rendered.length = 0;
      const before = rowCount(app.dbPath);
      const fields = { ...(fullInquiry() as Record<string, string>), [HONEYPOT_FIELD]: "", [unknown]: "x" };
      const json = await postJson(app.url, JSON.stringify(fields));
      expect(json.status).toBe(422);
      const refusal = await problemOf(json);
      expect(refusal).toEqual({
        error: {
          code: "validation_failed",
          message: "some fields are not valid",
          fields: { [unknown]: "unknown field" },
        },
      });

      const urlEncoded = await fetch(`${app.url}${ENDPOINT}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: Object.entries(fields)
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .join("&"),
        redirect: "manual",
      });
      const multipart = new FormData();
      for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
      const formData = await fetch(`${app.url}${ENDPOINT}`, { method: "POST", body: multipart, redirect: "manual" });
      for (const response of [urlEncoded, formData]) {
        expect(response.status).toBe(422);
        expect(await problemOf(response)).toEqual(refusal);
      }
      expect(rendered).toEqual([]);
      expect(rowCount(app.dbPath)).toBe(before);
    });
  }

  it("with errors: the form page rendered again with status 422, the errors and what was typed", async () => {
    rendered.length = 0;
    const before = rowCount(app.dbPath);
    const typed = { ...(fullInquiry() as Record<string, string>), email: "not-an-email", role: "", website: "" };
    const response = await postForm(app.url, typed);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toBe('<form data-kind="full">email,role</form>');
    const { website: _honeypot, ...values } = typed;
    expect(rendered).toEqual([
      {
        kind: "full",
        language: defaultLocale,
        errors: { email: expected.email, role: expected.choice(labels.full.role) },
        values,
      },
    ]);
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it("with errors and no usable kind: the JSON 422 (there is no page to render)", async () => {
    rendered.length = 0;
    const response = await postForm(app.url, { name: "Ada" });
    expect(response.status).toBe(422);
    expect(await problemOf(response)).toEqual({
      error: { code: "validation_failed", message: "some fields are not valid", fields: { kind: expected.kind } },
    });
    expect(rendered).toEqual([]);
  });

  async function readLatest() {
    const latest = (await app.store.list()).at(-1);
    return latest && readRow(app.dbPath, latest.id);
  }
});

describe("the visitor's language", () => {
  const germanSent = `${german.pathPrefix}${SENT_PAGE}`;

  it("is stored with the inquiry: each language of data/locales.yaml, and the default when none is sent", async () => {
    for (const { code } of locales) {
      const response = await postJson(app.url, quickInquiry({ language: code }));
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(readRow(app.dbPath, id)?.language).toBe(code);
    }
    const { language: _none, ...older } = fullInquiry();
    const response = await postJson(app.url, older);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)?.language).toBe(defaultLocale);
  });

  it("a language the site does not have: a 422 at the field, nothing stored; a form post gets the same JSON, no page", async () => {
    rendered.length = 0;
    const before = rowCount(app.dbPath);
    const refusal = {
      error: {
        code: "validation_failed",
        message: "some fields are not valid",
        fields: { language: expected.language },
      },
    };
    for (const language of ["fr", "DE", "Deutsch", "", "de-DE"]) {
      const json = await postJson(app.url, fullInquiry({ language }));
      expect(json.status).toBe(422);
      expect(await problemOf(json)).toEqual(refusal);
    }
    // Only the language wrong, or with a field a visitor could fix: not typed, so no form to show it on.
    for (const body of [quickInquiry({ language: "fr" }), quickInquiry({ language: "fr", email: "nope" })]) {
      const form = await postForm(app.url, { ...(body as Record<string, string>), [HONEYPOT_FIELD]: "" });
      expect(form.status).toBe(422);
      expect((await problemOf(form)).error.fields).toMatchObject({ language: expected.language });
    }
    expect(rendered).toEqual([]);
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it("German: the server's messages in German, from data/de/ (what the browser shows too)", async () => {
    const response = await postJson(app.url, fullInquiry({ language: german.code, email: "nope", name: "" }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).error.fields).toEqual({
      name: german.expected.required(german.labels.full.name),
      email: german.expected.email,
    });
    expect(german.expected.email).not.toBe(expected.email);
  });

  it("German without JavaScript: 303 to the German confirmation page, the inquiry stored as German", async () => {
    const before = rowCount(app.dbPath);
    const body = { ...(fullInquiry({ language: german.code }) as Record<string, string>), [HONEYPOT_FIELD]: "" };
    const response = await postForm(app.url, body);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(germanSent);
    expect(rowCount(app.dbPath)).toBe(before + 1);
    expect((await app.store.list()).at(-1)?.language).toBe(german.code);
  });

  it("German without JavaScript, with errors: the German form page rendered again, with German messages", async () => {
    rendered.length = 0;
    const typed = {
      ...(quickInquiry({ language: german.code }) as Record<string, string>),
      email: "nope",
      [HONEYPOT_FIELD]: "",
    };
    const response = await postForm(app.url, typed);
    expect(response.status).toBe(422);
    const { [HONEYPOT_FIELD]: _honeypot, ...values } = typed;
    expect(rendered).toEqual([
      { kind: "quick", language: german.code, errors: { email: german.expected.email }, values },
    ]);
  });

  it("a filled honeypot in a German form post gets the German confirmation, and nothing is stored", async () => {
    const before = rowCount(app.dbPath);
    const body = { ...(quickInquiry({ language: german.code }) as Record<string, string>), [HONEYPOT_FIELD]: "x" };
    const response = await postForm(app.url, body);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(germanSent);
    expect(rowCount(app.dbPath)).toBe(before);
  });
});

describe("the Idempotency-Key header", () => {
  it("the same key twice → one row, the same id, the second marked Idempotent-Replayed", async () => {
    const before = rowCount(app.dbPath);
    const key = "key-same-twice-0001";
    const first = await postJson(app.url, fullInquiry(), { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const { id } = (await first.json()) as { id: string };

    const second = await postJson(app.url, fullInquiry(), { "idempotency-key": key });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual({ id });

    expect(rowCount(app.dbPath)).toBe(before + 1);
    expect(readRow(app.dbPath, id)?.idempotency_key).toBe(key);
  });

  it("the same key with the same inquiry typed with other surrounding spaces is still a replay", async () => {
    const key = "key-trim-0001";
    const first = (await (await postJson(app.url, quickInquiry(), { "idempotency-key": key })).json()) as {
      id: string;
    };
    const second = await postJson(app.url, quickInquiry({ name: ` ${quickInquiry().name} ` }), {
      "idempotency-key": key,
    });
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(first);
  });

  it("the same key with another inquiry → 409, nothing stored", async () => {
    const key = "key-reused-0001";
    expect((await postJson(app.url, quickInquiry(), { "idempotency-key": key })).status).toBe(201);
    const before = rowCount(app.dbPath);
    const response = await postJson(app.url, quickInquiry({ message: "Another message" }), { "idempotency-key": key });
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toEqual({
      error: { code: "idempotency_conflict", message: "this Idempotency-Key was used for a different inquiry" },
    });
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it("different keys with the same inquiry → two rows", async () => {
    const before = rowCount(app.dbPath);
    const a = (await (await postJson(app.url, quickInquiry(), { "idempotency-key": "key-distinct-a" })).json()) as {
      id: string;
    };
    const b = (await (await postJson(app.url, quickInquiry(), { "idempotency-key": "key-distinct-b" })).json()) as {
      id: string;
    };
    expect(a.id).not.toBe(b.id);
    expect(rowCount(app.dbPath)).toBe(before + 2);
  });

  it("concurrent retries with one key store one row", async () => {
    const before = rowCount(app.dbPath);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postJson(app.url, fullInquiry(), { "idempotency-key": "key-concurrent-01" })),
    );
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(ids).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(rowCount(app.dbPath)).toBe(before + 1);
  });

  it("a form post replayed with its key → 303 both times, one row", async () => {
    const before = rowCount(app.dbPath);
    const body = quickInquiry() as Record<string, string>;
    for (let i = 0; i < 2; i++) {
      const response = await postForm(app.url, body, { "idempotency-key": "key-form-0001" });
      expect(response.status).toBe(303);
    }
    expect(rowCount(app.dbPath)).toBe(before + 1);
  });

  it.each([
    ["too short", "short"],
    ["with a space", "key with space"],
    ["with a slash", "key/with/slash"],
    ["too long", "k".repeat(201)],
    ["empty", ""],
  ])("an invalid key (%s) → 400, nothing stored", async (_name, key) => {
    const before = rowCount(app.dbPath);
    const response = await postJson(app.url, quickInquiry(), { "idempotency-key": key });
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toEqual({
      error: {
        code: "invalid_idempotency_key",
        message: "Idempotency-Key must be 8-200 letters, digits, '.', ':', '_' or '-'",
      },
    });
    expect(rowCount(app.dbPath)).toBe(before);
  });

  it.each([
    ["8 characters", "abcd-123"],
    ["200 characters", "k".repeat(200)],
    ["a UUID", "0b6f3c1e-5d2a-4c8e-9f17-2a4b6c8d0e1f"],
    ["dots, colons and underscores", "form:contact_v1.42"],
  ])("a valid key (%s) is accepted", async (_name, key) => {
    const response = await postJson(app.url, quickInquiry(), { "idempotency-key": key });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(readRow(app.dbPath, id)?.idempotency_key).toBe(key);
  });
});

describe("the rate limit", () => {
  const LIMIT = 3;
  let limited: RunningApp;

  beforeAll(async () => {
    limited = await startApp({ rateLimit: LIMIT });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it(`answers 429 with Retry-After after ${LIMIT} inquiries a minute from one address`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      const response = await postJson(limited.url, quickInquiry({ name: `Visitor ${i}` }));
      expect(response.status).toBe(201);
      expect(response.headers.get("ratelimit-limit")).toBe(String(LIMIT));
      expect(response.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1 - i));
    }
    const response = await postJson(limited.url, quickInquiry({ name: "One too many" }));
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(retention.rateLimitWindowSeconds);
    expect(await problemOf(response)).toEqual({
      error: {
        code: "rate_limited",
        message: `more than ${LIMIT} inquiries from this address in ${retention.rateLimitWindowSeconds} seconds; try again later`,
      },
    });
    expect(rowCount(limited.dbPath)).toBe(LIMIT);
    expect((await limited.store.list()).map((row) => row.name)).not.toContain("One too many");
  });

  it("counts per address: another address is still served", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(quickInquiry({ name: "Other address" }));
      const req = request(
        `${limited.url}${ENDPOINT}`,
        { method: "POST", localAddress: "127.0.0.2", headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(201);
    expect((await limited.store.list()).map((row) => row.name)).toContain("Other address");
  });
});

describe("a store that fails", () => {
  it("answers 500 with a retryable message and logs the stack", async () => {
    const broken = await startApp();
    try {
      broken.store.db.exec("DROP TABLE outbox; DROP TABLE inquiries");
      const response = await postJson(broken.url, quickInquiry());
      expect(response.status).toBe(500);
      const problem = await problemOf(response);
      const requestId = (problem.error as { requestId?: string }).requestId ?? "";
      expect(problem).toEqual({
        error: { code: "internal_error", message: "the inquiry could not be stored; please try again", requestId },
      });
      expect(requestId).toMatch(UUID);
      expect(response.headers.get("x-request-id")).toBe(requestId);
      // Logged once, with the id the answer carries and the stack, and nothing about the visitor.
      const lines = broken.logs.filter((line) => line.includes(requestId));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^inquiries: internal error \\(request ${requestId}\\): SqliteError: no such table: \\w+\n    at `),
      );
      expect(broken.logs.join("\n")).not.toContain(String(quickInquiry().email));
      expect(broken.logs.filter((line) => line.includes("internal error"))).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });

  it("takes the request id from a trusted proxy's X-Request-Id, and from no one else", async () => {
    const fromProxy = await startApp({
      trustedProxies: { ranges: parseTrustedProxies("127.0.0.1"), header: "x-forwarded-for" },
    });
    const direct = await startApp();
    try {
      for (const app of [fromProxy, direct]) app.store.db.exec("DROP TABLE outbox; DROP TABLE inquiries");
      const id = "0123456789abcdef0123456789abcdef";
      const proxied = await postJson(fromProxy.url, quickInquiry(), { "x-request-id": id });
      expect(((await proxied.json()) as { error: { requestId: string } }).error.requestId).toBe(id);
      expect(fromProxy.logs.filter((line) => line.includes(`(request ${id})`))).toHaveLength(1);
      const spoofed = await postJson(direct.url, quickInquiry(), { "x-request-id": id });
      expect(((await spoofed.json()) as { error: { requestId: string } }).error.requestId).toMatch(UUID);
      // Not an id a proxy would send: replaced.
      const odd = await postJson(fromProxy.url, quickInquiry(), { "x-request-id": "a b c d e f g h" });
      expect(((await odd.json()) as { error: { requestId: string } }).error.requestId).toMatch(UUID);
    } finally {
      await fromProxy.close();
      await direct.close();
    }
  });
});
