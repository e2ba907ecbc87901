// A cover image uploaded through the editor's API, on a copy of the project:
// stored only when validate's own cover check passes, never outside the
// covers' folder. The limits are read from where validate keeps them.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_MAX_BYTES, COVER_MIN, IMAGES_PATH } from "../../content/articles/images.ts";
import { MAX_FILE_BYTES } from "../../content/read-text.ts";
import { png, uploadCover } from "./cover-support.ts";
import { copyProject, type Json, type RunningEditor, startEditor } from "./support.ts";

let editor: RunningEditor;
const ARTICLE = "insights/crm-hygiene.md";
const folder = () => join(editor.root, "site", "public", ...IMAGES_PATH.split("/").filter(Boolean));
const article = () => readFile(join(editor.root, "data", ARTICLE), "utf8");

function upload(bytes: Uint8Array, name: string, fields: { alt?: string; token?: string } = {}) {
  return article().then((text) => uploadCover(editor, { bytes, name, article: ARTICLE, text, ...fields }));
}

/** The covers' folder holds exactly `names` (no temporary file left behind). */
async function expectStored(...names: string[]) {
  expect((await readdir(folder()).catch(() => [])).sort()).toEqual(names.sort());
}

beforeAll(async () => {
  editor = await startEditor(await copyProject());
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

describe("uploading a cover image", () => {
  it("stores a PNG of the card's size and gives the article its image and alt text, every other line as it was", async () => {
    const bytes = png(COVER_MIN.width, COVER_MIN.height);
    const before = await article();
    const answer = await upload(bytes, "crm-cover.png");
    expect(answer.json.error).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.json.src).toBe(`${IMAGES_PATH}crm-cover.png`);
    expect((await readFile(join(folder(), "crm-cover.png"))).equals(bytes)).toBe(true);
    const text = answer.json.text as string;
    expect(text).toContain(
      `image: ${IMAGES_PATH}crm-cover.png\nimageAlt: Pipeline by stage, one bar per quarter\n---\n`,
    );
    const removed = text.replace(
      `image: ${IMAGES_PATH}crm-cover.png\nimageAlt: Pipeline by stage, one bar per quarter\n`,
      "",
    );
    expect(removed).toBe(before);
    // validate finds nothing against the article with its cover.
    const opened = await (
      await fetch(`http://127.0.0.1:${editor.port}/api/file?path=${ARTICLE}`, {
        headers: { "x-editor-token": editor.token },
      })
    ).json();
    const checked = await fetch(`http://127.0.0.1:${editor.port}/api/check`, {
      method: "POST",
      headers: { "x-editor-token": editor.token, "content-type": "application/json" },
      body: JSON.stringify({ path: ARTICLE, version: opened.version, text }),
    });
    expect((await checked.json()).diagnostics.filter((d: Json) => d.severity === "error")).toEqual([]);
    expect(await article()).toBe(before);
    await expectStored("crm-cover.png");
  });

  it("refuses a name that exists already (409), keeping the stored file", async () => {
    const answer = await upload(png(COVER_MIN.width + 10, COVER_MIN.height), "crm-cover.png");
    expect(answer.status).toBe(409);
    expect((await readFile(join(folder(), "crm-cover.png"))).equals(png(COVER_MIN.width, COVER_MIN.height))).toBe(true);
    await expectStored("crm-cover.png");
  });

  it("refuses a .png that is really text: its bytes are validate's judge", async () => {
    const answer = await upload(new TextEncoder().encode("not an image at all\n"), "fake.png");
    expect(answer.status).toBe(422);
    expect(answer.json.error).toContain("fake.png is not an image, not a PNG or a JPEG");
    await expectStored("crm-cover.png");
  });

  it(`refuses an image smaller than the card (${COVER_MIN.width}×${COVER_MIN.height})`, async () => {
    const answer = await upload(png(COVER_MIN.width - 400, COVER_MIN.height), "small.png");
    expect(answer.status).toBe(422);
    expect(answer.json.error).toContain(`smaller than ${COVER_MIN.width}×${COVER_MIN.height}`);
    await expectStored("crm-cover.png");
  });

  it("refuses a file over validate's largest cover, and a body far over it before reading it", async () => {
    const header = png(COVER_MIN.width, COVER_MIN.height);
    const large = new Uint8Array(COVER_MAX_BYTES + 1);
    large.set(header);
    const answer = await upload(large, "large.png");
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatch(/over 5 MiB/);
    // Refused on its Content-Length, before the body is read: a 413 and the connection closed, which
    // the sender may see first (EPIPE while it is still writing). Either way nothing is stored.
    const huge = await upload(new Uint8Array(COVER_MAX_BYTES + MAX_FILE_BYTES + 128 * 1024), "huge.png").catch(
      (error: Error & { cause?: { code?: string } }) => ({ status: error.cause?.code ?? error.message, json: {} }),
    );
    expect([413, "EPIPE", "ECONNRESET"]).toContain(huge.status);
    await expectStored("crm-cover.png");
  });

  it("refuses a cover without alt text", async () => {
    const answer = await upload(png(COVER_MIN.width, COVER_MIN.height), "no-alt.png", { alt: "  " });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toContain("alt text");
    await expectStored("crm-cover.png");
  });

  it.each([
    "../../../data/escape.png",
    "../escape.png",
    "nested/escape.png",
    "/tmp/escape.png",
    "cover.svg",
    "cover.png.html",
  ])("refuses the name %s (403), writing nothing", async (name) => {
    const answer = await upload(png(COVER_MIN.width, COVER_MIN.height), name);
    expect(answer.status).toBe(403);
    expect(answer.json.error).toMatch(/^refused: /);
    await expectStored("crm-cover.png");
    expect(await readdir(join(editor.root, "data")).then((names) => names.includes("escape.png"))).toBe(false);
  });

  it("refuses a missing token (401)", async () => {
    const answer = await upload(png(COVER_MIN.width, COVER_MIN.height), "token.png", { token: "wrong" });
    expect(answer.status).toBe(401);
    await expectStored("crm-cover.png");
  });

  it("refuses when the covers' folder is a symbolic link out of the project, writing nothing there", async () => {
    const outside = await mkdtemp(join(tmpdir(), "editor-outside-"));
    await rm(folder(), { recursive: true, force: true });
    await mkdir(join(folder(), ".."), { recursive: true });
    await symlink(outside, folder());
    const answer = await upload(png(COVER_MIN.width, COVER_MIN.height), "linked.png");
    expect(answer.status).toBe(403);
    expect(answer.json.error).toContain("symbolic link");
    expect(await readdir(outside)).toEqual([]);
    await rm(outside, { recursive: true, force: true });
  });
});
