import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

test("a new article: an unknown author is the reference error at its field; a known one creates a draft", async ({
  page,
  editor,
}) => {
  const file = join(editor.root, "data", "insights", "pipeline-reviews-that-work.md");
  await page.goto(editor.url);
  await page.getByRole("link", { name: "New article" }).click();
  await page.getByLabel("title").fill("Pipeline reviews that work");
  await page
    .getByLabel("description")
    .fill("How a weekly pipeline review finds the deals that will slip before they do.");
  await page.getByLabel("author").fill("nobody-here");
  await page.locator("#root_tags_0").fill("crm");
  // Its list's buttons say what they act on, as every form's do.
  await expect(page.getByRole("button", { name: "Remove Tags item 1", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Tags", exact: true })).toBeVisible();

  const error = page.locator("#root_author__error");
  await expect(error).toContainText(
    'data/insights/pipeline-reviews-that-work.md:5:9 error: unknown author "nobody-here": not a consultant in data/consultants.yaml',
  );
  await expect(page.getByText("data/insights/pipeline-reviews-that-work.md", { exact: false }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Create the draft" }).click();
  await expect(page.getByRole("status")).toContainText("Not created");
  await expect(readFile(file)).rejects.toThrow();

  await page.getByLabel("author").fill("jonas-weber");
  await expect(error).toHaveCount(0);
  await page.getByRole("button", { name: "Create the draft" }).click();
  await expect(page.getByRole("heading", { name: "insights/pipeline-reviews-that-work.md" })).toBeVisible();
  const text = await readFile(file, "utf8");
  // Its tags written as every article writes them.
  expect(text).toContain("\ntags: [crm]\n");
  const front = parse(text.split("---\n")[1] ?? "");
  expect(front).toMatchObject({
    title: "Pipeline reviews that work",
    author: "jonas-weber",
    tags: ["crm"],
    draft: true,
  });
});
