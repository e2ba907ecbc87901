// The editor's save over HTTP, on a copy of the project: what is written, and what is not.
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, copyProject, type Json, type RunningEditor, startEditor } from "./support.ts";

let editor: RunningEditor;
const file = () => join(editor.root, "data", "consultants.yaml");

const call = (path: string, body?: unknown) => callApi(editor, path, body);

beforeAll(async () => {
  editor = await startEditor(await copyProject());
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

describe("saving through the API", () => {
  it("an untouched form leaves the file byte-identical, not even rewritten", async () => {
    const before = await readFile(file());
    const mtime = (await stat(file())).mtimeMs;
    const opened = await call("/api/file?path=consultants.yaml");
    const saved = await call("/api/save", {
      path: "consultants.yaml",
      version: opened.json.version,
      value: opened.json.value,
    });
    expect(saved.status).toBe(200);
    expect((await readFile(file())).equals(before)).toBe(true);
    expect((await stat(file())).mtimeMs).toBe(mtime);
  });

  it("a value with an error is not written, and the answer says where", async () => {
    const before = await readFile(file(), "utf8");
    const opened = await call("/api/file?path=consultants.yaml");
    const value = structuredClone(opened.json.value);
    value.consultants[0].arrRange = "20M-2M";
    const checked = await call("/api/check", { path: "consultants.yaml", version: opened.json.version, value });
    expect(checked.json.diagnostics).toContainEqual(
      expect.objectContaining({ file: "data/consultants.yaml", line: 11, column: 15, path: "consultants[0].arrRange" }),
    );
    expect(await readFile(file(), "utf8")).toBe(before);
    const saved = await call("/api/save", { path: "consultants.yaml", version: opened.json.version, value });
    expect(saved.status).toBe(422);
    expect(await readFile(file(), "utf8")).toBe(before);
  });

  it("a brace left open in a text is an error at the brace, live, as validate says it", async () => {
    const opened = await call("/api/file?path=consultants.yaml");
    const value = structuredClone(opened.json.value);
    value.consultants[0].focus = "Building outbound {stats.targetArr";
    const checked = await call("/api/check", { path: "consultants.yaml", version: opened.json.version, value });
    expect(checked.json.diagnostics).toContainEqual(
      expect.objectContaining({
        file: "data/consultants.yaml",
        line: 10,
        column: 30,
        path: "consultants[0].focus",
        message: "`{stats.targetArr` is never closed: a token ends with `}`",
      }),
    );
    const saved = await call("/api/save", { path: "consultants.yaml", version: opened.json.version, value });
    expect(saved.status).toBe(422);
  });

  it("a file changed on disk since it was opened is not overwritten (409, with the disk's text)", async () => {
    const opened = await call("/api/file?path=consultants.yaml");
    const changed = `${opened.json.text}# a git pull\n`;
    await writeFile(file(), changed);
    const value = structuredClone(opened.json.value);
    value.consultants[1].role = "Principal Partner";
    const saved = await call("/api/save", { path: "consultants.yaml", version: opened.json.version, value });
    expect(saved.status).toBe(409);
    expect(saved.json.disk).toBe(changed);
    expect(await readFile(file(), "utf8")).toBe(changed);
  });
});

describe("a new item", () => {
  it("missing its fields: the hint asks to fill them in, by their titles, not whether a key line above moved", async () => {
    const opened = await call("/api/file?path=consultants.yaml");
    const value = structuredClone(opened.json.value);
    value.consultants.push({ name: "Jana Novak" });
    const checked = await call("/api/check", { path: "consultants.yaml", version: opened.json.version, value });
    const fresh = (checked.json.diagnostics as Json[]).find((d) => d.path.startsWith("consultants[6]"));
    expect(fresh?.message).toMatch(/^missing 9 required fields/);
    expect(fresh?.hint).toBe(
      "a new item: fill in its Slug, Role, Specialisation, Focus, ARR range, Background, Areas of expertise, Key achievements, Industries",
    );
    // An item that is on disk and lost its keys keeps validate's hint: there a key line may well have moved.
    delete value.consultants[0].role;
    delete value.consultants[0].focus;
    const old = await call("/api/check", { path: "consultants.yaml", version: opened.json.version, value });
    const written = (old.json.diagnostics as Json[]).find((d) => d.path.startsWith("consultants[0]"));
    expect(written?.hint).toMatch(/is a key line above moved or deleted\?$/);
  });
});

describe("an article's text", () => {
  it("typed at its end, after its last line feed was taken away: saved with it", async () => {
    const path = "insights/crm-hygiene.md";
    const opened = await call(`/api/file?path=${path}`);
    const typed = `${opened.json.text.trimEnd()} One more sentence.`;
    const saved = await call("/api/save", { path, version: opened.json.version, text: typed });
    expect(saved.status).toBe(200);
    expect(await readFile(join(editor.root, "data", path), "utf8")).toBe(`${typed}\n`);
  });
});
