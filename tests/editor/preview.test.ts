// The page preview's address (/preview, editor/server/preview.ts) over HTTP:
// behind the same guard as the page and the API, the token in its address;
// what it serves is a static page (no script) under its own CSP.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageOf } from "../../editor/server/preview-pages.ts";
import {
  type Answer,
  copyProject,
  type RawRequest,
  type RunningEditor,
  send as sendTo,
  startEditor,
} from "./support.ts";

let editor: RunningEditor;

/** A request as a frame makes it: the token in the address, none in a header. */
const send = (path: string, options: RawRequest = {}): Promise<Answer> =>
  sendTo(editor, path, { token: false, ...options });
const withToken = (path: string) => `${path}${path.includes("?") ? "&" : "?"}token=${editor.token}`;

beforeAll(async () => {
  editor = await startEditor(await copyProject());
}, 120_000);

afterAll(async () => {
  await editor?.stop();
  if (editor) await rm(editor.root, { recursive: true, force: true });
});

describe("the page each file shows", () => {
  it.each([
    ["consultants.yaml", "/consultants"],
    ["people.yaml", "/consultants"],
    ["home.yaml", "/"],
    ["de/home.yaml", "/de"],
    ["de/consultants.yaml", "/de/consultants"],
    ["legal.yaml", "/privacy"],
    ["insights.yaml", "/insights"],
    ["insights/crm-hygiene.md", "/insights/crm-hygiene"],
    ["insights/de/crm-hygiene.md", "/de/insights/crm-hygiene"],
  ])("%s → %s", (file, page) => {
    expect(pageOf(file)).toBe(page);
  });

  it("none for a file no page shows", () => {
    expect(pageOf("glossary.yaml")).toBeUndefined();
  });
});

const hostile: Array<[string, () => Promise<Answer>, number, string]> = [
  ["no token", () => send("/preview?file=consultants.yaml"), 401, "missing or wrong token"],
  ["no token, a page by its route", () => send("/preview/consultants"), 401, "missing or wrong token"],
  ["no token, a public file", () => send("/preview/favicon.svg"), 401, "missing or wrong token"],
  [
    "the token in a header only",
    () => send("/preview/consultants", { headers: { "x-editor-token": editor.token } }),
    401,
    "missing or wrong token",
  ],
  ["a wrong token", () => send(`/preview/consultants?token=${"x".repeat(32)}`), 401, "wrong token"],
  [
    "a foreign Host (DNS rebinding)",
    () => send(withToken("/preview/consultants"), { headers: { host: `attacker.example:${editor.port}` } }),
    403,
    'Host "attacker.example',
  ],
  [
    "a foreign Origin",
    () => send(withToken("/preview/consultants"), { headers: { origin: "https://attacker.example" } }),
    403,
    'Origin "https://attacker.example"',
  ],
  [
    "a cross-site frame",
    () => send(withToken("/preview/consultants"), { headers: { "sec-fetch-site": "cross-site" } }),
    403,
    "cross-site",
  ],
];

describe("the preview refuses", () => {
  it.each(hostile)("%s", async (_, call, status, reason) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    // As the page's own address: the reason as text, for a browser to show; no page of the site.
    expect(answer.body).toContain(reason);
    expect(answer.body).not.toContain("<header");
  });

  it("a file out of data/, as JSON, naming no path of the machine", async () => {
    const answer = await send(withToken("/preview?file=..%2Fpackage.json"));
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toContain("outside data");
    expect(answer.body).not.toContain(editor.root);
  });

  it("a file out of the site's public folder", async () => {
    const answer = await send(withToken("/preview/..%2F..%2Fpackage.json.svg"));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain('"name"');
  });

  it("a file no page shows, as JSON", async () => {
    const answer = await send(withToken("/preview?file=glossary.yaml"));
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error).toBe("no page of the site shows glossary.yaml");
  });

  it("the token in the address of an API call, still", async () => {
    expect((await send(withToken("/api/files"))).status).toBe(401);
  });
});

describe("a page of the preview", () => {
  it("is the site's page, static: its CSS inline, no script, its links back into the preview", async () => {
    const answer = await send(withToken("/preview?file=consultants.yaml"));
    expect(answer.status).toBe(200);
    expect(answer.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    expect(answer.body).toMatch(/^<!DOCTYPE html>\s*<html lang="en">/);
    expect(answer.body).toContain("Senior Partner");
    expect(answer.body).not.toMatch(/<script|<link[^>]+stylesheet/i);
    expect(answer.body).toContain("tailwindcss");
    expect(answer.body).toContain(`href="/preview/about?token=${editor.token}"`);
  }, 120_000);

  it("serves the site's public files to its pages", async () => {
    const answer = await send(withToken("/preview/favicon.svg"));
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    expect(answer.body).toContain("<svg");
  });
});
