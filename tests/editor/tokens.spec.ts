import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { axeViolations } from "./axe.ts";
import { acceptDialogs, expect, test } from "./browser.ts";

test("typing { in a text offers the tokens that exist: in a form's field and in an article", async ({
  page,
  editor,
}) => {
  const stats = parse(await readFile(join(editor.root, "data", "stats.yaml"), "utf8")).stats as Record<string, unknown>;
  const first = Object.keys(stats)[0];
  await page.goto(`${editor.url}#home.yaml`);
  const heading = page.locator("#root_hero_heading");
  await heading.click();
  await heading.press("End");
  await heading.pressSequentially(" and {sta");
  const list = page.getByRole("listbox", { name: "Tokens" });
  await expect(list.getByRole("option")).toHaveCount(Object.keys(stats).length);
  await expect(list.getByRole("option").first()).toContainText(`{stats.${first}}`);
  await expect(heading).toHaveAttribute("aria-activedescendant", /.+/);
  expect(await axeViolations(page)).toEqual([]);
  await heading.press("Enter");
  await expect(list).toBeHidden();
  await expect(heading).toHaveValue(`Build with {firm.name} and {stats.${first}}`);
  // A token that exists: nothing against this file. The German heading now lacks it, which validate calls an
  // error: its text is offered beside, as it stands, and the save waits for it.
  await expect(page.getByRole("status")).toHaveText("No problems in this file.");
  const german = page.getByRole("region", { name: "Also changes data/de/home.yaml" }).getByLabel("(de) hero.heading");
  await expect(german).toHaveValue(/\{firm\.name\}/);
  await expect(page.locator("#save-state")).toHaveText("1 error: fix it to save");
  await german.fill(`${await german.inputValue()} {stats.${first}}`);
  await expect(page.locator("#save-state")).toHaveText("Unsaved changes");
  // Escape closes the list and leaves the text as typed.
  await heading.pressSequentially(" {firm.");
  await expect(list.getByRole("option", { name: /\{firm\.name\}/ })).toBeVisible();
  await heading.press("Escape");
  await expect(list).toBeHidden();

  // Leaving the form with edits not saved asks first; here the answer is to leave.
  acceptDialogs(page);
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);
  await page.reload();
  const text = page.getByRole("textbox", { name: "Front matter and Markdown" });
  await text.focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\nWith {firm.na");
  const completion = page.locator(".cm-tooltip-autocomplete");
  await expect(completion.getByRole("option", { name: /\{firm\.name\}/ })).toBeVisible();
  // CodeMirror ignores an Enter in the first 75 ms of a completion (its interactionDelay).
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await expect(page.locator(".cm-line").last()).toHaveText("With {firm.name}");
});
