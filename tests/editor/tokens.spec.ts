import { readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "yaml";
import { expect, test } from "./browser.ts";

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
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await heading.press("Enter");
  await expect(list).toBeHidden();
  await expect(heading).toHaveValue(`Build with {firm.name} and {stats.${first}}`);
  await expect(page.locator("#save-state")).toHaveText("Unsaved changes");
  // A token that exists: nothing against this file (the German heading now lacks it: validate says so there).
  await expect(page.getByRole("status")).toHaveText("No problems in this file.");
  // Escape closes the list and leaves the text as typed.
  await heading.pressSequentially(" {firm.");
  await expect(list.getByRole("option", { name: /\{firm\.name\}/ })).toBeVisible();
  await heading.press("Escape");
  await expect(list).toBeHidden();

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
