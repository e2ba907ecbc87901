// A form in people's words (issue 43, item 4): labels by the schema's titles,
// list items by their name, folding; every button names the item it acts on.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

// The consultants' form is the largest: about 250 fields and 200 buttons, checked by axe at two widths.
test.slow();

/** The accessible names of the page's buttons that move or remove an item. */
async function itemButtonNames(page: Page): Promise<string[]> {
  const names = await page
    .getByRole("button", { name: /^(Move up|Move down|Remove) / })
    .evaluateAll((buttons) => buttons.map((button) => (button.textContent ?? "").replace(/\s+/g, " ").trim()));
  return names;
}

test("the consultants' form: labels by title, items by name and folding, every button naming its item", async ({
  page,
  editor,
}) => {
  await page.goto(`${editor.url}#consultants.yaml`);
  await expect(page.locator("#root_consultants_0_slug")).toHaveValue("katharina-lindqvist");
  await expect(page.locator('label[for="root_consultants_0_arrRange"]')).toHaveText("ARR range*");
  await expect(page.locator('label[for="root_consultants_0_expertise_0"]')).toHaveText("Areas of expertise item 1*");
  await expect(page.getByText("consultants-1")).toHaveCount(0);

  // Each consultant a disclosure named by the consultant; folded, its fields are out of the way.
  const item = page.locator("details.item", { has: page.locator("summary", { hasText: /^Katharina Lindqvist$/ }) });
  await expect(item).toHaveAttribute("open", "");
  await item.locator("summary").click();
  await expect(item).not.toHaveAttribute("open", "");
  await expect(page.locator("#root_consultants_0_slug")).toBeHidden();
  await item.locator("summary").press("Enter");
  await expect(page.locator("#root_consultants_0_slug")).toBeVisible();

  const names = await itemButtonNames(page);
  // Six consultants with three lists of three: each has up, down and remove, and no two say the same.
  expect(names).toHaveLength(6 * 3 + 6 * 9 * 3);
  expect(new Set(names).size).toBe(names.length);
  await expect(page.getByRole("button", { name: "Move down Katharina Lindqvist", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Marco Bellini", exact: true })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Move up Katharina Lindqvist, Areas of expertise item 2", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Consultants", exact: true })).toBeVisible();
  // A full list (exactly three industries) has no Add: a removed item's place gets one, named by its consultant.
  await page.getByRole("button", { name: "Remove Marco Bellini, Industries item 3", exact: true }).click();
  await page.getByRole("button", { name: "Add to Industries (Marco Bellini)", exact: true }).click();
  await expect(page.locator("#root_consultants_1_industries_2")).toHaveValue("");
  await page.locator("#root_consultants_1_industries_2").fill("salestech");

  // A move by its named button: Marco Bellini first, and the file says so once saved.
  await page.getByRole("button", { name: "Move up Marco Bellini", exact: true }).click();
  await expect(page.locator("#root_consultants_0_name")).toHaveValue("Marco Bellini");
  await expect(page.getByRole("button", { name: "Move up Katharina Lindqvist", exact: true })).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.locator("summary", { hasText: /^Marco Bellini$/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/editor-forms-names-${width}.png` });
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved consultants.yaml");
  const saved = parse(await readFile(join(editor.root, "data", "consultants.yaml"), "utf8"));
  expect(saved.consultants.slice(0, 2).map((c: { name: string }) => c.name)).toEqual([
    "Marco Bellini",
    "Katharina Lindqvist",
  ]);
});

test("a new consultant: named 'Consultants item 7' until it has a name, its lists three long, hints that fit", async ({
  page,
  editor,
}) => {
  await page.goto(`${editor.url}#consultants.yaml`);
  await page.getByRole("button", { name: "Add to Consultants", exact: true }).click();
  const fresh = page.locator("details.item").last();
  await expect(fresh.locator("summary")).toHaveText("Consultants item 7");
  // Its lists start at their minimum length: three areas of expertise, achievements and industries, no Add needed.
  for (const list of ["expertise", "achievements", "industries"]) {
    for (const index of [0, 1, 2]) await expect(page.locator(`#root_consultants_6_${list}_${index}`)).toBeVisible();
    await expect(page.locator(`#root_consultants_6_${list}_3`)).toHaveCount(0);
  }
  await page.locator("#root_consultants_6_name").fill("Jana Novak");
  await expect(fresh.locator("summary")).toHaveText("Jana Novak");
  await expect(page.getByRole("button", { name: "Remove Jana Novak", exact: true })).toBeVisible();
  const error = page.locator("#root_consultants_6_slug__error");
  await expect(error).toContainText("hint: a new item: fill in its Slug, Role, Specialisation, Focus, ARR range");
  await expect(error).not.toContainText("key line above");
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("the German consultants, with Marco Bellini's English role changed", () => {
  test.use({
    before: {
      async apply(root: string) {
        const path = join(root, "data", "consultants.yaml");
        const source = await readFile(path, "utf8");
        const changed = source.replace("    role: Senior Partner\n", "    role: Principal Partner\n");
        expect(changed).not.toBe(source);
        await writeFile(path, changed);
      },
    },
  });

  test("items named by the English they translate; 'mark as current' by the consultant's name", async ({
    page,
    editor,
  }) => {
    await page.goto(`${editor.url}#de/consultants.yaml`);
    await expect(page.locator("#root_consultants_1_role")).toBeVisible();
    // The German file holds no names: its items are named by the English items they translate.
    await expect(page.locator("summary", { hasText: /^Katharina Lindqvist$/ })).toBeVisible();
    await expect(page.locator('label[for="root_consultants_1_role"]')).toHaveText("Role*");
    const names = await itemButtonNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);

    const mark = page.getByRole("button", { name: "Mark Marco Bellini, Role as current", exact: true });
    await expect(mark).toBeVisible();
    await expect(page.getByRole("button", { name: /as current$/ })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await mark.click();
    await expect(page.getByRole("status")).toContainText("consultants[1].role marked as current");
    await expect(mark).toHaveCount(0);
  });
});
