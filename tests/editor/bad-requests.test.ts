// Bad requests from a client that holds the token (a buggy page, a script):
// each is answered with its 4xx and `{ error }` saying what was wrong, never
// a 500, never a path of this machine; nothing is written. Against the real
// editor program over HTTP, on a copy of the project.
import { readdir, readFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../../content/yaml-problems.ts";
import {
  type Answer,
  copyProject,
  machinePaths,
  type RawRequest,
  type RunningEditor,
  send,
  startEditor,
} from "./support.ts";

let editor: RunningEditor;
let consultantsVersion: string;
let articleVersion: string;
const ARTICLE = "insights/crm-hygiene.md";
const LIMIT = 2 * 1024 * 1024;

const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  send(editor, path, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
const json = (path: string, body: unknown) => post(path, JSON.stringify(body));

async function open(path: string): Promise<string> {
  const answer = await send(editor, `/api/file?path=${encodeURIComponent(path)}`);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body).version as string;
}

/** The file names under data/, with their folders. */
const dataFiles = async () =>
  (await readdir(join(editor.root, "data"), { recursive: true })).map((name) => name.toString()).sort();

let before: string[];
let consultants: string;

beforeAll(async () => {
  editor = await startEditor(await copyProject());
  consultantsVersion = await open("consultants.yaml");
  articleVersion = await open(ARTICLE);
  before = await dataFiles();
  consultants = await readFile(join(editor.root, "data", "consultants.yaml"), "utf8");
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

/** An answer is JSON `{ error }` with `status`, the error saying `reason`, and names no folder of this machine. */
function expectRefused(answer: Answer, status: number, reason: string | RegExp) {
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error?: unknown };
  expect(typeof body.error).toBe("string");
  if (typeof reason === "string") expect(body.error).toContain(reason);
  else expect(body.error).toMatch(reason);
  expect(answer.status).toBe(status);
  for (const path of machinePaths(editor.root)) expect(answer.body).not.toContain(path);
}

const nested = (depth: number, open: string, close: string, inner = "1") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const saveWith = (value: string) => `{"path":"consultants.yaml","version":"${consultantsVersion}","value":${value}}`;

/** [name, request, status, what the error says] */
const cases: Array<[string, () => Promise<Answer>, number, string | RegExp]> = [
  ["truncated JSON", () => post("/api/save", '{"path":"consultants.yaml","vers'), 400, "the body is not JSON"],
  ["NaN, which JSON has not", () => post("/api/check", saveWith("NaN")), 400, "the body is not JSON"],
  ["JSON with trailing garbage", () => post("/api/save", `${saveWith("{}")} }x`), 400, "the body is not JSON"],
  ["an empty body", () => post("/api/accept", ""), 400, "the body is not JSON"],
  [
    "10,000 nested arrays",
    () => post("/api/check", saveWith(nested(10_000, "[", "]"))),
    400,
    `more than ${MAX_NESTING} levels deep`,
  ],
  [
    "10,000 nested objects",
    () => post("/api/save", saveWith(nested(10_000, '{"a":', "}"))),
    400,
    `more than ${MAX_NESTING} levels deep`,
  ],
  [
    `a body one level deeper than validate reads (${MAX_NESTING + 1})`,
    () => post("/api/check", saveWith(nested(MAX_NESTING, "[", "]"))),
    400,
    `more than ${MAX_NESTING} levels deep`,
  ],
  [
    "an article's text that is not a string",
    () => json("/api/save", { path: ARTICLE, version: articleVersion, text: 12 }),
    400,
    "text: Invalid input: expected string",
  ],
  [
    "an article sent as a form's value",
    () => json("/api/check", { path: ARTICLE, version: articleVersion, value: { title: "x" } }),
    400,
    "an article is sent as its `text`",
  ],
  ["a path that is not a string", () => json("/api/check", { path: 7, version: "x", value: {} }), 400, "path"],
  ["a save with no version", () => json("/api/save", { path: "consultants.yaml", value: {} }), 400, "version"],
  ["a body that is null", () => post("/api/save", "null"), 400, "the body is not what this address takes"],
  ["a body that is a list", () => post("/api/accept", "[]"), 400, "the body is not what this address takes"],
  [
    "a new article's create that is not true or false",
    () => json("/api/new-article", { create: "yes" }),
    400,
    "create",
  ],
  ["an accept's path as a list", () => json("/api/accept", { path: ["de/home.yaml"] }), 400, "path"],
  [
    "garbage multipart to /api/cover",
    () =>
      post("/api/cover", "--x\r\nthis is not a part\r\n--x", {
        "content-type": "multipart/form-data; boundary=x",
      }),
    400,
    "the upload does not parse as multipart/form-data",
  ],
  ["JSON to /api/cover", () => json("/api/cover", { path: ARTICLE }), 400, "an upload is sent as multipart/form-data"],
  ["a save to ..\\..\\package.yaml", () => json("/api/save", saveOf("..\\..\\package.yaml")), 403, "a backslash"],
  ["a save to a path ending in /", () => json("/api/save", saveOf("consultants.yaml/")), 403, "a trailing /"],
  ["a check of a path ending in /", () => json("/api/check", saveOf("de/home.yaml/")), 403, "a trailing /"],
  ["opening a path ending in /", () => send(editor, "/api/file?path=consultants.yaml%2F"), 403, "a trailing /"],
  [
    "a control character in a file name",
    () => json("/api/save", saveOf("consultants\u0007.yaml")),
    403,
    "a control character",
  ],
  ["a DEL in a file name", () => send(editor, "/api/file?path=de%7F%2Fhome.yaml"), 403, "a control character"],
  [
    "a way back in, insights/../consultants.yaml",
    () => json("/api/save", saveOf("insights/../consultants.yaml")),
    403,
    "an empty, `.` or `..` part",
  ],
  ["./consultants.yaml", () => json("/api/save", saveOf("./consultants.yaml")), 403, "an empty, `.` or `..` part"],
  ["de//home.yaml", () => send(editor, "/api/file?path=de%2F%2Fhome.yaml"), 403, "an empty, `.` or `..` part"],
  [
    "a name longer than a file system allows",
    () => json("/api/save", saveOf(`${"a".repeat(300)}.yaml`)),
    403,
    "longer than 255 bytes",
  ],
  ["an address the API has not", () => send(editor, "/api/nothing"), 404, "no such address"],
  ["a backslash in the address", () => send(editor, "/api\\files"), 400, "not a request the editor reads"],
  [
    "a body with no length, read as the next request",
    () => send(editor, "/api/files", { body: "{}", length: false }),
    400,
    "not an HTTP request the editor reads",
  ],
  ["a save by GET", () => send(editor, "/api/save"), 404, "no such address"],
];

/** A save of consultants.yaml's opened value to `path`, with an error in it (the ARR range turned round). */
function saveOf(path: string) {
  return { path, version: consultantsVersion, text: consultants.replace(/arrRange: (\S+)-(\S+)/, "arrRange: 99M-1M") };
}

describe("a bad request is answered with its 4xx and what was wrong", () => {
  it.each(cases)("%s", async (_name, call, status, reason) => {
    expectRefused(await call(), status, reason);
  });

  it("a body nested as deep as validate reads is read, then judged by validate", async () => {
    // The body's object is the first level, the value's arrays the rest.
    const answer = await post("/api/check", saveWith(nested(MAX_NESTING - 1, "[", "]")));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).diagnostics).toContainEqual(
      expect.objectContaining({ file: "data/consultants.yaml", severity: "error" }),
    );
  });

  it("a cover for a text with no front matter: 422, nothing stored", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array([137, 80, 78, 71])]), "plain.png");
    form.set("alt", "A chart");
    form.set("path", ARTICLE);
    form.set("text", new Blob(["no front matter here\n"]), "article.md");
    const upload = new Request("http://x/", { method: "POST", body: form });
    const answer = await post("/api/cover", new Uint8Array(await upload.arrayBuffer()), {
      "content-type": upload.headers.get("content-type") ?? "",
    });
    expectRefused(answer, 422, "not read: the article has no front matter");
  });
});

describe("a body over the limit is a 413, read no further", () => {
  it("by its Content-Length, answered before the body is sent", async () => {
    // Only the headers go: the answer comes without the body being read.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: editor.port,
          path: "/api/save",
          method: "POST",
          headers: {
            host: `127.0.0.1:${editor.port}`,
            "x-editor-token": editor.token,
            "content-type": "application/json",
            "content-length": String(LIMIT + 1),
          },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          });
        },
      );
      req.on("error", reject);
      req.write("{");
    });
    expectRefused(answer, 413, "over 2 MiB");
    expect(answer.headers.connection).toBe("close");
  });

  it("sent in chunks with no Content-Length", async () => {
    const options: RawRequest = {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: `"${"x".repeat(LIMIT)}"`,
    };
    expectRefused(await send(editor, "/api/check", options), 413, "over 2 MiB");
  });
});

describe("after all of them", () => {
  it("data/ holds the files it held, as they were", async () => {
    expect(await dataFiles()).toEqual(before);
    expect(await readFile(join(editor.root, "data", "consultants.yaml"), "utf8")).toBe(consultants);
    await expect(readFile(join(editor.root, "package.yaml"))).rejects.toThrow();
  });
});
