import { readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support.ts";

test("an article: an unknown author is refused at its line, a new section shows in the site's rendering and saves as typed", async ({
  page,
  editor,
}) => {
  const file = join(editor.root, "data", "insights", "crm-hygiene.md");
  const before = await readFile(file, "utf8");
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);
  const text = page.getByLabel("Front matter and Markdown");
  await expect(text).toHaveValue(before);
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link", { name: "Why CRMs decay" })).toBeVisible();

  await text.fill(before.replace("author: jonas-weber", "author: nobody-here"));
  const error = page.locator(".diagnostics li.error").first();
  await expect(error).toContainText("data/insights/crm-hygiene.md:6:9 error");
  await expect(error).toContainText("nobody-here");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Not saved");
  expect(await readFile(file, "utf8")).toBe(before);

  const typed = `${before}\n## A section typed in the editor\n\nA [phrase]{lang=de} and a paragraph.\n`;
  await text.fill(typed);
  await expect(contents.getByRole("link", { name: "A section typed in the editor" })).toBeVisible();
  await expect(page.locator('.article-body span[lang="de"]')).toHaveText("phrase");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved insights/crm-hygiene.md");
  expect(await readFile(file, "utf8")).toBe(typed);
});
