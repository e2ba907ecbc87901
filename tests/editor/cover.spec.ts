import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PNG } from "pngjs";
import { COVER_MIN, IMAGES_PATH } from "../../content/articles/images.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

test("a cover image: uploaded with its alt text, named in the front matter, saved with the article", async ({
  page,
  editor,
}) => {
  const image = new PNG({ width: COVER_MIN.width, height: COVER_MIN.height });
  image.data.fill(120);
  const bytes = PNG.sync.write(image);
  const file = join(editor.root, "data", "insights", "crm-hygiene.md");
  const before = await readFile(file, "utf8");
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);

  const cover = page.getByRole("group", { name: "Cover image" });
  await expect(cover).toContainText(`at least ${COVER_MIN.width}×${COVER_MIN.height}`);
  await cover.getByLabel("Image file").setInputFiles({ name: "crm-board.png", mimeType: "image/png", buffer: bytes });
  await cover.getByLabel(/^Alt text/).fill("A CRM board with one column a stage");
  await cover.getByRole("button", { name: "Upload the cover" }).click();
  await expect(cover).toContainText(`Uploaded ${IMAGES_PATH}crm-board.png`);
  const stored = join(editor.root, "site", "public", ...IMAGES_PATH.split("/").filter(Boolean), "crm-board.png");
  expect((await readFile(stored)).equals(bytes)).toBe(true);
  // The front matter in the editor names it; validate has nothing against it.
  await expect(page.locator(".cm-line", { hasText: `image: ${IMAGES_PATH}crm-board.png` })).toBeVisible();
  await expect(page.locator(".cm-line", { hasText: "imageAlt: A CRM board with one column a stage" })).toBeVisible();
  await expect(page.locator("#save-state")).toHaveText("Unsaved changes");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved insights/crm-hygiene.md");
  expect(await readFile(file, "utf8")).toBe(
    before.replace(
      "tags: [crm, data]\n",
      `tags: [crm, data]\nimage: ${IMAGES_PATH}crm-board.png\nimageAlt: A CRM board with one column a stage\n`,
    ),
  );
});
