// Deleting an article from the editor (issue 43, item 8): refused, with every
// place that needs it at file:line:col, while another page links to it;
// otherwise the article goes with its translations and their lock records,
// and validate still passes.
import { execFile } from "node:child_process";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, copyProject, type Json, projectRoot, type RunningEditor, send, startEditor } from "./support.ts";

const run = promisify(execFile);
let editor: RunningEditor;
const call = (path: string, body?: unknown) => callApi(editor, path, body);
const present = (rel: string) =>
  stat(join(editor.root, "data", rel)).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  editor = await startEditor(await copyProject());
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

describe("deleting an article", () => {
  it("is refused while another article links to it, naming each place; nothing is removed", async () => {
    const answer = await call("/api/delete", { path: "insights/icp-and-anti-personas.md" });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatch(/^not deleted: /);
    const crm = answer.json.caused.find((d: Json) => d.file === "data/insights/crm-hygiene.md");
    expect(crm).toBeDefined();
    const line = (await readFile(join(editor.root, "data", "insights", "crm-hygiene.md"), "utf8")).split("\n")[
      crm.line - 1
    ];
    expect(line).toContain("/insights/icp-and-anti-personas");
    expect(await present("insights/icp-and-anti-personas.md")).toBe(true);
    expect(await present("insights/de/icp-and-anti-personas.md")).toBe(true);
  });

  it("removes an article no page needs, with its translations and lock records; validate passes", async () => {
    const slug = "territory-planning";
    // Translated first, and accepted, so its German file and lock records are there to go with it.
    await writeFile(
      join(editor.root, "data", "insights", "de", `${slug}.md`),
      `---\ntranslationOf: ${slug}\ntitle: Gebietsplanung\ndescription: Wie man Vertriebsgebiete plant.\n---\nEin kurzer Text.\n`,
    );
    const cli = join(projectRoot, "bin", "content.mjs");
    await run(process.execPath, [cli, "translations", "accept", "de", `insights/${slug}`], { cwd: editor.root });
    const lock = join(editor.root, "data", "de", "articles.lock.yaml");
    expect(await readFile(lock, "utf8")).toContain(`${slug}.title`);
    const translated = await present(`insights/de/${slug}.md`);
    expect(translated).toBe(true);
    const answer = await call("/api/delete", { path: `insights/${slug}.md` });
    expect(answer.json.error).toBeUndefined();
    expect(answer.json.deleted).toBe(true);
    expect(answer.json.removed).toContain(`data/insights/${slug}.md`);
    expect(await present(`insights/${slug}.md`)).toBe(false);
    expect(answer.json.removed).toEqual([
      `data/insights/${slug}.md`,
      `data/insights/de/${slug}.md`,
      "data/de/articles.lock.yaml",
    ]);
    expect(await present(`insights/de/${slug}.md`)).toBe(false);
    expect(await readFile(lock, "utf8")).not.toContain(`${slug}.`);
    await expect(run(process.execPath, [cli, "validate"], { cwd: editor.root })).resolves.toBeDefined();
  });

  it("refuses what is not an article, a path out of data/, and a request without the token", async () => {
    expect((await call("/api/delete", { path: "consultants.yaml" })).status).toBe(400);
    expect((await call("/api/delete", { path: "../package.json" })).status).toBe(403);
    expect((await call("/api/delete", { path: "insights/no-such-article.md" })).status).toBe(404);
    expect((await call("/api/delete", { nope: 1 })).status).toBe(400);
    const body = JSON.stringify({ path: "insights/crm-hygiene.md" });
    const headers = { "content-type": "application/json" };
    const refused = await send(editor, "/api/delete", { method: "POST", body, headers, token: false });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const foreign = await send(editor, "/api/delete", {
      method: "POST",
      body,
      headers: { ...headers, origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await present("insights/crm-hygiene.md")).toBe(true);
  });
});
