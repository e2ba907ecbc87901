// Covers uploaded and never saved do not stay behind (issue 43, item 8):
// an upload replaced before the save goes at the save; one still unsaved
// when the editor stops goes then; a saved one stays.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_MIN, IMAGES_PATH } from "../../content/articles/images.ts";
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

  it("a cover already in the site is chosen instead of uploaded: listed, checked as validate checks it, given to the text", async () => {
    const listed = await callApi(editor, "/api/images");
    const sources = listed.json.images.map((image: { src: string }) => image.src);
    expect(sources).toContain(`${IMAGES_PATH}second.png`);
    const chosen = await callApi(editor, "/api/cover-pick", {
      path: OTHER,
      src: `${IMAGES_PATH}second.png`,
      alt: "Pipeline by stage",
      text: await text(OTHER),
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.text).toContain(`image: ${IMAGES_PATH}second.png\nimageAlt: Pipeline by stage\n`);
    const pick = (fields: Record<string, string>) =>
      callApi(editor, "/api/cover-pick", {
        path: OTHER,
        src: `${IMAGES_PATH}second.png`,
        alt: "A",
        text: "",
        ...fields,
      });
    expect((await pick({ src: `${IMAGES_PATH}../../../package.json` })).status).toBe(404);
    expect((await pick({ src: "/images/elsewhere.png" })).status).toBe(404);
    expect((await pick({ alt: " " })).status).toBe(422);
    expect((await pick({ path: "consultants.yaml" })).status).toBe(400);
    expect((await pick({ path: "../x.md" })).status).toBe(403);
    const refused = await fetch(`http://127.0.0.1:${editor.port}/api/images`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
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
