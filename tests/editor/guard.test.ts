// Hostile requests against the real editor program over HTTP: each is
// refused, and nothing in the project changes.

import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  copyProject,
  type RawRequest,
  type RunningEditor,
  send as sendTo,
  startEditor,
} from "./support.ts";

let editor: RunningEditor;
let outside: string;

/** A raw request, JSON when it has a body. */
const send = (path: string, options: RawRequest = {}): Promise<Answer> =>
  sendTo(editor, path, {
    ...options,
    headers: { ...(options.body ? { "content-type": "application/json" } : {}), ...options.headers },
  });

beforeAll(async () => {
  const root = await copyProject();
  // Outside data/: a secret file and a folder, reached through links inside data/.
  outside = join(root, "outside");
  await mkdir(outside);
  await writeFile(join(outside, "secret.yaml"), "secret: do not read\n");
  await symlink(join(outside, "secret.yaml"), join(root, "data", "linked.yaml"));
  await symlink(outside, join(root, "data", "linked-folder"));
  editor = await startEditor(root);
}, 120_000);

afterAll(async () => {
  await editor?.stop();
  if (editor) await rm(editor.root, { recursive: true, force: true });
});

describe("the editor's address", () => {
  it("is on 127.0.0.1 with a long random token", () => {
    expect(editor.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
  });

  it("serves its page and its API to the token", async () => {
    expect((await send(`/?token=${editor.token}`, { token: false })).status).toBe(200);
    const files = await send("/api/files");
    expect(files.status).toBe(200);
    expect(JSON.parse(files.body).files.map((f: { path: string }) => f.path)).toContain("consultants.yaml");
  });
});

const save = (path: string) => JSON.stringify({ path, version: "0", value: { consultants: [] } });

const refused: Array<[string, () => Promise<Answer>, number, string]> = [
  ["no token: the page", () => send("/", { token: false }), 401, "missing or wrong token"],
  ["no token: the API", () => send("/api/files", { token: false }), 401, "missing or wrong token"],
  ["a wrong token", () => send("/api/files", { headers: { "x-editor-token": "x".repeat(32) } }), 401, "wrong token"],
  [
    "the token in the query of an API call",
    () => send(`/api/files?token=${editor.token}`, { token: false }),
    401,
    "token",
  ],
  [
    "a foreign Host (DNS rebinding)",
    () => send("/api/files", { headers: { host: `attacker.example:${editor.port}` } }),
    403,
    'Host "attacker.example',
  ],
  [
    "a foreign Origin posting a save",
    () =>
      send("/api/save", {
        method: "POST",
        headers: { origin: "https://attacker.example" },
        body: save("consultants.yaml"),
      }),
    403,
    'Origin "https://attacker.example"',
  ],
  [
    "another port on this machine as Origin",
    () => send("/api/files", { headers: { origin: "http://127.0.0.1:1" } }),
    403,
    "Origin",
  ],
  ["a cross-site fetch", () => send("/api/files", { headers: { "sec-fetch-site": "cross-site" } }), 403, "cross-site"],
  ["a path out of data/", () => send("/api/file?path=..%2Fpackage.json"), 403, "outside data"],
  ["an absolute path", () => send("/api/file?path=%2Fetc%2Fpasswd"), 403, "absolute path"],
  [
    "a save to a path out of data/",
    () => send("/api/save", { method: "POST", body: save("../schemas/evil.yaml") }),
    403,
    "outside data",
  ],
  ["a symbolic link out of data/", () => send("/api/file?path=linked.yaml"), 403, "symbolic link"],
  ["a file in a linked folder", () => send("/api/file?path=linked-folder%2Fsecret.yaml"), 403, "symbolic link"],
  ["a file the editor does not edit", () => send("/api/file?path=..%2F..%2Fetc%2Fshadow"), 403, "refused"],
  ["a script, not data", () => send("/api/file?path=evil.js"), 403, "not a file the editor edits"],
];

/**
 * The publishing routes (publish-routes.ts), deleting an article and choosing
 * a cover already in the site: each refused without the token, from a foreign Host or Origin.
 */
const publishing: Array<[string, string]> = [
  ["GET", "/api/changes"],
  ["POST", "/api/commit"],
  ["POST", "/api/push"],
  ["POST", "/api/publish"],
  ["POST", "/api/delete"],
  ["GET", "/api/images"],
  ["POST", "/api/cover-pick"],
];
const publishBody = (method: string, path: string) =>
  method === "GET"
    ? {}
    : {
        method,
        body: JSON.stringify(
          path === "/api/publish" || path === "/api/delete"
            ? { path: "insights/territory-planning.md", version: "0" }
            : path === "/api/cover-pick"
              ? { path: "insights/territory-planning.md", src: "/images/insights/x.png", alt: "x", text: "" }
              : { version: "0", message: "x" },
        ),
      };
for (const [method, path] of publishing) {
  const options = publishBody(method, path);
  refused.push(
    [`no token: ${method} ${path}`, () => send(path, { ...options, token: false }), 401, "missing or wrong token"],
    [
      `a foreign Host: ${method} ${path}`,
      () => send(path, { ...options, headers: { host: `attacker.example:${editor.port}` } }),
      403,
      'Host "attacker.example',
    ],
    [
      `a foreign Origin: ${method} ${path}`,
      () => send(path, { ...options, headers: { origin: "https://attacker.example" } }),
      403,
      'Origin "https://attacker.example"',
    ],
  );
}

describe("hostile requests are refused", () => {
  it.each(refused)("%s", async (name, call, status, reason) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    // The API refuses as JSON `{ error }`, the page's address as text.
    const json = answer.headers["content-type"]?.toString().startsWith("application/json") ?? false;
    expect(json).toBe(name !== "no token: the page");
    expect(json ? JSON.parse(answer.body).error : answer.body).toContain(reason);
    expect(answer.body).not.toContain("do not read");
  });

  it("left the project as it was", async () => {
    await expect(readFile(join(editor.root, "schemas", "evil.yaml"))).rejects.toThrow();
    expect(await readFile(join(outside, "secret.yaml"), "utf8")).toBe("secret: do not read\n");
    const consultants = await readFile(join(editor.root, "data", "consultants.yaml"), "utf8");
    expect(consultants).toContain("role: Senior Partner");
    expect(await readFile(join(editor.root, "data", "insights", "territory-planning.md"), "utf8")).toContain(
      "draft: true",
    );
  });
});
