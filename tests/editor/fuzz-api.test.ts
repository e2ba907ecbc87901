// A seeded fuzz of every route of the editor's API, against the real editor
// program on a copy of the project, with its token, Host and Origin (so
// every request reaches the handlers): hostile bodies (JSON cut short, not
// JSON, nested thousands deep, of the wrong shape, forms' values and texts
// with hostile values put in), hostile file names and addresses, and odd
// headers. Every answer is below 500, a refusal is JSON `{ error }`, and no
// answer names a folder of this machine. Nothing is written outside data/
// and the covers' folder, and `validate` passes after every write the editor
// accepted. The seed is the content fuzz's (tests/content/fuzz.ts): fixed in
// `npm test`, new in `npm run fuzz` (FUZZ_LONG, 1,000 runs), FUZZ_SEED (and
// FUZZ_PATH) to replay a failure; FUZZ_EDITOR_RUNS sets the number of runs.
import { readdir, readlink, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGES_PATH } from "../../content/articles/images.ts";
import { MAX_NESTING } from "../../content/yaml-problems.ts";
import { fcOptions, LONG, type Mutation, mutate, mutation, SEED } from "../content/fuzz.ts";
import { type JsonDiagnostic, runMain } from "../support/cli.ts";
import { type Answer, copyProject, machinePaths, type RunningEditor, send, startEditor } from "./support.ts";

const RUNS = Number(process.env.FUZZ_EDITOR_RUNS ?? (LONG ? 1000 : 150));
/** On a busy machine the runs stop early (and pass) after this long, rather than time out. */
const BUDGET = Number(process.env.FUZZ_EDITOR_BUDGET ?? (LONG ? 600_000 : 25_000));

let editor: RunningEditor;
const COVERS = join("site", "public", ...IMAGES_PATH.split("/").filter(Boolean));

/** Every path under `root` but data/ and the covers' folder, with its size and mtime (a link: its target; a folder as one). */
async function tree(root: string, under = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (rel === "data" || rel === COVERS) continue;
    const path = join(root, rel);
    if (entry.isSymbolicLink()) out.set(rel, `link ${await readlink(path)}`);
    else if (entry.isDirectory()) for (const [k, v] of await tree(root, rel)) out.set(k, v);
    else {
      const info = await stat(path);
      out.set(rel, `${info.size}:${info.mtimeMs}`);
    }
  }
  // The covers' folder's parents are made with it on the first upload.
  if (!COVERS.startsWith(`${under}/`)) out.set(under || ".", "folder");
  return out;
}

/** The file names under `dir`, relative to it. */
async function namesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => !e.isDirectory()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

// ---- what the fuzz sends ----

/** Files the forms edit, in each kind: a data file, a glossary, a translation, an article. */
const FILES = ["consultants.yaml", "home.yaml", "glossary.yaml", "de/home.yaml", "insights/crm-hygiene.md"];
const CONTROL = ["\u0000", "\u0007", "\u001b[2J", "\u007f", "\u0085", "\r", "\n", "\t"];

const hostilePath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...FILES),
  fc
    .tuple(
      fc.constantFrom(...FILES),
      fc.constantFrom(
        (p: string) => `../${p}`,
        (p: string) => `..\\..\\${p}`,
        (p: string) => `${p}/`,
        (p: string) => `./${p}`,
        (p: string) => p.replace("/", "//"),
        (p: string) => p.replace("/", "\\"),
        (p: string) => `insights/../${p}`,
        (p: string) => `${p}%00`,
        (p: string) => p.toUpperCase(),
        (p: string) => `${p}.md`,
        (p: string) => `${"a/".repeat(200)}${p}`,
        (p: string) => `${"x".repeat(300)}${p}`,
      ),
      fc.constantFrom(...CONTROL, ""),
    )
    .map(([file, edit, control]) => {
      const path = edit(file);
      return control ? path.replace(".", `${control}.`) : path;
    }),
  fc.constantFrom(
    "",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "insights/new-article.md",
    "insights/de/crm-hygiene.md",
    "de/nope.yaml",
    "de",
    "insights/",
    "..",
    "../package.json",
    "node_modules/x.yaml",
    "evil.js",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);

const HOSTILE_STRINGS = [
  "",
  " ",
  "x".repeat(70_000),
  "\u202eevil",
  "\ud800",
  "{firm.name}",
  "{nope}",
  "{firm.",
  "../../package.json",
  "a\r\nb",
  "😀",
  "<script>alert(1)</script>",
  "__proto__",
  "NaN",
  "---\nmore: docs",
  "key: value",
  "- item",
  "&a [*a]",
  "!!binary aGk=",
  "20M-2M",
  "/nowhere",
];
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, ...CONTROL),
  fc.string({ unit: "binary", maxLength: 16 }),
);
const nest = (depth: number, leaf: unknown, object: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
};
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -0, -1, 1e308, 1.5, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom({}, [], { __proto__: { polluted: 1 } }, JSON.parse('{"__proto__": {"polluted": 1}}'), {
    constructor: { prototype: { polluted: 1 } },
  }),
  fc
    .record({ depth: fc.integer({ min: MAX_NESTING - 8, max: MAX_NESTING + 4 }), object: fc.boolean() })
    .map(({ depth, object }) => nest(depth, "x", object)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Where in a form's value a hostile value goes: indices into its keys, level by level. */
type ValueEdit = { at: number[]; kind: "set" | "delete" | "duplicate"; value: unknown };
const valueEdit: fc.Arbitrary<ValueEdit> = fc.record({
  at: fc.array(fc.nat(), { minLength: 0, maxLength: 5 }),
  kind: fc.constantFrom("set" as const, "set" as const, "delete" as const, "duplicate" as const),
  value: hostileValue,
});

function editValue(value: unknown, edit: ValueEdit): unknown {
  const copy = structuredClone(value);
  if (edit.at.length === 0 || typeof copy !== "object" || copy === null) return edit.value;
  let parent = copy as Record<string, unknown>;
  for (let level = 0; ; level++) {
    const keys = Object.keys(parent);
    if (keys.length === 0) return copy;
    const key = keys[(edit.at[level] ?? 0) % keys.length] ?? "";
    const child = parent[key];
    const last = level === edit.at.length - 1 || typeof child !== "object" || child === null;
    if (!last) {
      parent = child as Record<string, unknown>;
      continue;
    }
    if (edit.kind === "set") parent[key] = edit.value;
    else if (Array.isArray(parent)) {
      const index = Number(key);
      if (edit.kind === "delete") parent.splice(index, 1);
      else parent.splice(index, 0, structuredClone(parent[index]));
    } else if (edit.kind === "delete") delete parent[key];
    else parent[`${key}-copy`] = structuredClone(child);
    return copy;
  }
}

/** A body that is not JSON, or not the JSON a route takes. */
const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "null",
    "[]",
    "42",
    '"text"',
    "NaN",
    "{",
    '{"path":"consultants.yaml","vers',
    '{"path":"consultants.yaml"} }x',
    '{"path":"consultants.yaml","version":"x","value":NaN}',
    "\u0000",
    "\ufeff{}",
  ),
  fc
    .record({ depth: fc.integer({ min: 1_000, max: 10_000 }), object: fc.boolean() })
    .map(({ depth, object }) => (object ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}]`)),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=x",
  "",
];
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    "accept",
    "accept-encoding",
    "content-encoding",
    "x-forwarded-host",
    "cookie",
    "range",
    "if-none-match",
  ),
  fc.constantFrom("*/*", "gzip", "br", "attacker.example", "a=b", "bytes=0-1", "x".repeat(4000), ""),
  { maxKeys: 3 },
);

const ADDRESSES = [
  "/api/file/",
  "/api//files",
  "/api/%2e%2e/files",
  "/api/files/..",
  "/API/files",
  "/api/files?path=../x",
  "/api/file?path=%E0%A4%A&path=consultants.yaml",
  "/api/file?path=%",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/favicon.ico",
  "/api/nope",
];
/** What a content owner types into an article. */
const PROSE = [
  "A plain sentence. ",
  "Umlaute und ß, 12 % mehr. ",
  "😀 ",
  "{firm.name} ",
  "[our people](/consultants) ",
];
const JSON_ROUTES = [
  "/api/check",
  "/api/save",
  "/api/new-article",
  "/api/accept",
  "/api/cover",
  "/api/commit",
  "/api/publish",
  "/api/delete",
  "/api/cover-pick",
];
const ARTICLE = "insights/crm-hygiene.md";

/** One request, as data (fast-check prints it for a failure); an edit is made from the file as opened. */
type Call =
  | { kind: "raw"; route: string; body: string; type: string; headers: Record<string, string> }
  | {
      kind: "edit";
      route: string;
      file: string;
      path: string;
      version: "opened" | "wrong" | "none";
      valueEdits: ValueEdit[];
      textEdits: Mutation[] | null;
      append?: string;
    }
  | { kind: "open"; path: string; headers: Record<string, string> }
  | { kind: "new-article"; value: Record<string, unknown>; create: unknown }
  | { kind: "cover"; path: string; name: string; alt: unknown; bytes: string; text: string | null }
  | { kind: "cover-garbage"; boundary: string; body: string }
  | { kind: "accept"; path: string; text: unknown }
  | { kind: "address"; method: string; path: string; body: string };

const call: fc.Arbitrary<Call> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      route: fc.constantFrom(...JSON_ROUTES),
      body: rawBody,
      type: fc.constantFrom(...CONTENT_TYPES),
      headers: extraHeaders,
    }),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({
        route: fc.constantFrom("/api/check", "/api/save"),
        file: fc.constantFrom(...FILES),
        hostile: fc.option(hostilePath, { freq: 3 }),
        version: fc.oneof(
          { weight: 6, arbitrary: fc.constant("opened" as const) },
          { weight: 1, arbitrary: fc.constantFrom("wrong" as const, "none" as const) },
        ),
        valueEdits: fc.array(valueEdit, { maxLength: 2 }),
        textEdits: fc.option(fc.array(mutation, { minLength: 1, maxLength: 3 }), { freq: 3 }),
      })
      .map(({ hostile, ...rest }) => ({ kind: "edit" as const, path: hostile ?? rest.file, ...rest })),
  },
  {
    // A paragraph typed at the end of an article: saved, so the checks after a write run.
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      route: fc.constant("/api/save"),
      file: fc.constant(ARTICLE),
      path: fc.constant(ARTICLE),
      version: fc.constant("opened" as const),
      valueEdits: fc.constant<ValueEdit[]>([]),
      textEdits: fc.constant<Mutation[]>([]),
      append: fc
        .array(fc.constantFrom(...PROSE), { minLength: 1, maxLength: 3 })
        .map((words) => `\n${words.join("")}\n`),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("open" as const), path: hostilePath, headers: extraHeaders }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("new-article" as const),
      value: fc.record(
        {
          title: fc.oneof(hostileString, fc.constantFrom("Fuzzed pipeline notes", "CRM hygiene")),
          description: fc.oneof(hostileString, fc.constant("What a fuzzed article tells a reader about pipelines.")),
          author: fc.oneof(hostileString, fc.constant("jonas-weber")),
          tags: fc.oneof(fc.array(hostileValue, { maxLength: 3 }), fc.constant(["crm", "data"])),
        },
        { requiredKeys: [] },
      ),
      create: fc.oneof(fc.boolean(), hostileValue),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("cover" as const),
      path: fc.oneof(fc.constant(ARTICLE), hostilePath),
      name: fc.oneof(
        fc.constantFrom("fuzz.png", "fuzz.jpg", ".png", "x.svg"),
        hostilePath.map((path) => `${path}.png`),
      ),
      alt: fc.oneof(fc.constant("A chart of the pipeline"), hostileValue),
      bytes: fc.oneof(fc.constant("\u0089PNG\r\n\u001a\n"), fc.string({ unit: "binary", maxLength: 64 })),
      text: fc.option(fc.oneof(hostileString, fc.constant("---\ntitle: x\n---\nbody\n")), { freq: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("cover-garbage" as const),
      boundary: fc.constantFrom("x", "", "----", '"quoted"'),
      body: fc.oneof(
        fc.string({ unit: "binary", maxLength: 200 }),
        fc.constantFrom("--x\r\nnot a part\r\n--x", '--x\r\nContent-Disposition: form-data; name="path"\r\n\r\n'),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("accept" as const),
      // One in four names a real translation: those run the CLI, the slowest of the routes.
      path: fc.oneof({ weight: 3, arbitrary: hostilePath }, { weight: 1, arbitrary: fc.constant("de/home.yaml") }),
      text: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("address" as const),
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"),
      path: fc.constantFrom(...ADDRESSES),
      body: fc.constantFrom("", "{}"),
    }),
  },
);

// ---- the run ----

interface Opened {
  version: string;
  value: unknown;
  text: string;
}
/** Each file as last opened; forgotten when a write was accepted. */
const opened = new Map<string, Opened>();

async function openFile(file: string): Promise<Opened> {
  const known = opened.get(file);
  if (known) return known;
  const answer = await send(editor, `/api/file?path=${encodeURIComponent(file)}`);
  expect(answer.status).toBe(200);
  const { version, value, text } = JSON.parse(answer.body) as Opened;
  opened.set(file, { version, value, text });
  return { version, value, text };
}

const post = (route: string, body: string | Uint8Array, headers: Record<string, string>) =>
  send(editor, route, { method: "POST", body, headers });

async function multipart(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const request = new Request("http://editor.invalid/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

/** Sends `c`; the request as sent (to tell an echo from a leak) and the answer. */
async function perform(c: Call): Promise<{ sent: string; answer: Answer }> {
  const json = { "content-type": "application/json" };
  switch (c.kind) {
    case "raw":
      return {
        sent: c.body,
        answer: await post(c.route, c.body, { ...c.headers, ...(c.type ? { "content-type": c.type } : {}) }),
      };
    case "edit": {
      const file = await openFile(c.file);
      const body: Record<string, unknown> = { path: c.path };
      if (c.version !== "none") body.version = c.version === "opened" ? file.version : "0123456789abcdef";
      if (c.textEdits) body.text = mutate(file.text, c.textEdits) + (c.append ?? "");
      else body.value = c.valueEdits.reduce(editValue, file.value);
      const sent = JSON.stringify(body);
      return { sent, answer: await post(c.route, sent, json) };
    }
    case "open": {
      const path = `/api/file?path=${encodeURIComponent(c.path)}`;
      return { sent: c.path, answer: await send(editor, path, { headers: c.headers }) };
    }
    case "new-article": {
      const sent = JSON.stringify({ value: c.value, create: c.create });
      return { sent, answer: await post("/api/new-article", sent, json) };
    }
    case "cover": {
      const form = new FormData();
      form.set("path", c.path);
      form.set("name", c.name);
      form.set("alt", typeof c.alt === "string" ? c.alt : JSON.stringify(c.alt));
      form.set("file", new Blob([Buffer.from(c.bytes, "latin1")]), c.name);
      if (c.text !== null) form.set("text", new Blob([c.text]), "article.md");
      const { body, type } = await multipart(form);
      return { sent: JSON.stringify(c), answer: await post("/api/cover", body, { "content-type": type }) };
    }
    case "cover-garbage":
      return {
        sent: c.body,
        answer: await post("/api/cover", c.body, { "content-type": `multipart/form-data; boundary=${c.boundary}` }),
      };
    case "accept": {
      const sent = JSON.stringify({ path: c.path, text: c.text });
      return { sent, answer: await post("/api/accept", sent, json) };
    }
    case "address":
      return {
        sent: c.path,
        answer: await send(editor, c.path, { method: c.method, ...(c.body ? { body: c.body, headers: json } : {}) }),
      };
  }
}

/** Whether the answer says the editor changed data/ (a save of the text as it was writes nothing). */
function wrote(c: Call, answer: Answer): boolean {
  // A HEAD's answer has no body (and writes nothing).
  if (answer.status !== 200 || answer.body === "") return false;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  if (c.kind === "edit") return body.saved === true && body.text !== opened.get(c.path)?.text;
  return body.created === true || (c.kind === "accept" && body.ok === true);
}

let before: Map<string, string>;
let dataBefore: string[];

beforeAll(async () => {
  editor = await startEditor(await copyProject());
  before = await tree(editor.root);
  dataBefore = await namesIn(join(editor.root, "data"));
}, 120_000);

afterAll(async () => {
  await editor?.stop();
  if (editor) await rm(editor.root, { recursive: true, force: true });
});

async function validate(when: string): Promise<void> {
  const run = await runMain(["validate", "--data", join(editor.root, "data"), "--format", "json"]);
  const errors = (JSON.parse(run.stdout || "[]") as JsonDiagnostic[])
    .filter((d) => d.severity === "error")
    .map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);
  expect(errors, `validate ${when}`).toEqual([]);
  expect(run.code).toBe(0);
}

describe(`the editor's API under ${RUNS} hostile requests (seed ${SEED})`, () => {
  const statuses = new Map<number, number>();
  let writes = 0;

  it(
    "answers each below 500, a refusal as JSON { error }, naming no folder of this machine; validate passes after each write",
    async () => {
      const secret = machinePaths(editor.root);
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(call, async (c) => {
          runs++;
          const { sent, answer } = await perform(c);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect(answer.status, answer.body.slice(0, 500)).toBeLessThan(500);
          // An answer to HEAD has no body.
          if (answer.status >= 400 && !(c.kind === "address" && c.method === "HEAD")) {
            expect(answer.headers["content-type"]).toMatch(/^application\/json/);
            expect(typeof (JSON.parse(answer.body) as { error?: unknown }).error).toBe("string");
          }
          for (const path of secret) {
            if (!sent.includes(path)) expect(answer.body, `the answer names ${path}`).not.toContain(path);
          }
          expect(answer.body).not.toMatch(/content-editor-\w+|editor-e2e-\w+/);
          if (wrote(c, answer)) {
            writes++;
            // Only a save changes a file the fuzz opens (an accept writes a lock file, a new article a new file).
            if (c.kind === "edit") opened.delete(c.path);
            await validate(`after ${JSON.stringify(c).slice(0, 2000)}`);
          }
        }),
        // The runs share the project copy: a shrunk case would run on a project the failing one changed.
        { ...fcOptions<[Call]>(RUNS, BUDGET), endOnFailure: true },
      );
      if (runs < RUNS) console.warn(`fuzz: the time budget ran out after ${runs} of ${RUNS} requests`);
      // The requests reached the handlers and both outcomes happened, or the property says little.
      expect(statuses.get(200)).toBeGreaterThan(0);
      expect([400, 403, 422].every((status) => (statuses.get(status) ?? 0) > 0)).toBe(true);
    },
    LONG ? 900_000 : 120_000,
  );

  it("wrote nothing outside data/ and the covers' folder, and only files the editor names in them", async () => {
    expect(await tree(editor.root)).toEqual(before);
    const added = (await namesIn(join(editor.root, "data"))).filter((name) => !dataBefore.includes(name));
    for (const name of added) expect(name).toMatch(/^insights\/[a-z0-9-]+\.md$/);
    for (const name of await namesIn(join(editor.root, COVERS))) expect(name).toMatch(/^[\w-]+\.(png|jpe?g)$/i);
    await validate("at the end");
    expect(writes).toBeGreaterThan(0);
  });
});
