// Covers uploaded and never saved do not stay behind (issue 43, item 8):
// an upload replaced before the save goes at the save; one still unsaved
// when the editor stops goes then; a saved one stays.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_MIN, IMAGES_PATH } from "../../cli/lib/articles/images.ts";
import { png, uploadCover } from "./cover-support.ts";
import { callApi, copyProject, type RunningEditor, startEditor } from "./support.ts";

let editor: RunningEditor;
const ARTICLE = "insights/crm-hygiene.md";
const OTHER = "insights/discovery-calls.md";
const folder = () => join(editor.root, "site", "public", ...IMAGES_PATH.split("/").filter(Boolean));
const stored = async () => (await readdir(folder()).catch(() => [])).sort();
const text = (path: string) => readFile(join(editor.root, "data", path), "utf8");

beforeAll(async () => {
  editor = await startEditor(await copyProject());
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

describe("covers uploaded and not saved", () => {
  it("an upload replaced by another before the save is removed at the save; the saved one and another article's unsaved one stay", async () => {
    const before = await stored();
    const bytes = png(COVER_MIN.width, COVER_MIN.height);
    const first = await uploadCover(editor, { bytes, name: "first.png", article: ARTICLE, text: await text(ARTICLE) });
    expect(first.status).toBe(200);
    const second = await uploadCover(editor, {
      bytes,
      name: "second.png",
      article: ARTICLE,
      text: await text(ARTICLE),
    });
    expect(second.status).toBe(200);
    const other = await uploadCover(editor, { bytes, name: "other.png", article: OTHER, text: await text(OTHER) });
    expect(other.status).toBe(200);
    expect(await stored()).toEqual([...before, "first.png", "other.png", "second.png"].sort());

    const opened = await callApi(editor, `/api/file?path=${ARTICLE}`);
    const saved = await callApi(editor, "/api/save", {
      path: ARTICLE,
      version: opened.json.version,
      text: second.json.text,
    });
    expect(saved.json.saved).toBe(true);
    expect(saved.json.droppedCovers).toEqual([`${IMAGES_PATH}first.png`]);
    expect(await stored()).toEqual([...before, "other.png", "second.png"].sort());
  });

  it("when the editor stops, an upload no saved article shows is removed; the saved one stays", async () => {
    const before = await stored();
    expect(before).toContain("other.png");
    await editor.stop();
    expect(await stored()).toEqual(before.filter((name) => name !== "other.png"));
    expect(await stored()).toContain("second.png");
    expect(await text(ARTICLE)).toContain(`${IMAGES_PATH}second.png`);
  });
});
