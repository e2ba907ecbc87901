import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

/** Replaces the whole text of the CodeMirror editor, as a paste would. */
async function replaceAll(page: Page, text: string) {
  await page.locator(".cm-content").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

test("an article: an unknown author is refused at its line, a new section shows in the site's rendering and saves as typed", async ({
  page,
  editor,
}) => {
  const file = join(editor.root, "data", "insights", "crm-hygiene.md");
  const before = await readFile(file, "utf8");
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);
  // CodeMirror's editable element, named by the label above it.
  const text = page.getByRole("textbox", { name: "Front matter and Markdown" });
  await expect(text).toHaveClass(/cm-content/);
  await expect(text.locator(".cm-line").nth(1)).toHaveText(before.split("\n")[1] ?? "");
  // The article's page as the site shows it, in the preview's frame (tests/editor/preview.spec.ts).
  await page.getByRole("button", { name: "Show the page /insights/crm-hygiene" }).click();
  const frame = page.frameLocator("iframe[title^='The page']");
  const contents = frame.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link", { name: "Why CRMs decay" })).toBeVisible({ timeout: 30_000 });

  await replaceAll(page, before.replace("author: jonas-weber", "author: nobody-here"));
  const error = page.locator(".diagnostics li.error").first();
  await expect(error).toContainText("data/insights/crm-hygiene.md:6:9 error");
  await expect(error).toContainText("nobody-here");
  // The same diagnostic underlined in the text, at its line (CodeMirror draws the lines in view only).
  await page.keyboard.press("ControlOrMeta+Home");
  await expect(page.locator(".cm-lintRange-error").first()).toHaveText("nobody-here");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Not saved");
  expect(await readFile(file, "utf8")).toBe(before);

  // Typed key by key at the end of the text: the preview follows.
  await replaceAll(page, before);
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n## A section typed in the editor\n\nA [phrase]{lang=de} and a paragraph.\n");
  await expect(contents.getByRole("link", { name: "A section typed in the editor" })).toBeVisible();
  await expect(frame.locator('article span[lang="de"]')).toHaveText("phrase");
  // The frame's page too (tests/editor/axe.ts).
  expect(await axeViolations(page)).toEqual([]);

  // Tab leaves the editor (no indentWithTab): the keyboard is never trapped.
  await text.focus();
  await page.keyboard.press("Tab");
  await expect(text).not.toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(text).toBeFocused();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved insights/crm-hygiene.md");
  expect(await readFile(file, "utf8")).toBe(
    `${before}\n## A section typed in the editor\n\nA [phrase]{lang=de} and a paragraph.\n`,
  );
});
