// The file list (issue 43, item 8): a filter over the files, states that are
// never clipped, and at 390 px the whole list in the page's own scroll,
// folded away once a file is open.
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

test("the file list filters, shows each state whole, and folds on a phone", async ({ page, editor }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(editor.url);
  const files = page.getByRole("navigation", { name: "Files" });
  const links = files.getByRole("link", { name: /\.(yaml|md)\b/ });
  await expect(links.first()).toBeVisible();
  const total = await links.count();
  await files.getByLabel("Filter files").fill("consult");
  await expect(files.getByText(/^\d+ of \d+ files$/)).toHaveText(new RegExp(`^\\d+ of ${total} files$`));
  const names = await links.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(2);
  for (const name of names) expect(name).toContain("consult");
  await files.getByLabel("Filter files").fill("");
  await expect(links).toHaveCount(total);

  // Every state is shown whole: no link's text runs out of its box.
  const clipped = await links.evaluateAll((all) =>
    all.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent),
  );
  expect(clipped).toEqual([]);

  await page.setViewportSize({ width: 390, height: 800 });
  // No scroll box of its own: the list is as tall as its content.
  const nav = files;
  expect(await nav.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/editor-files-390.png" });
  // Opening a file folds the list away; its button brings it back.
  await links.filter({ hasText: "home.yaml" }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: "home.yaml" })).toBeVisible();
  const toggle = files.getByRole("button", { name: "Show the files" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(links.first()).toBeHidden();
  await toggle.click();
  await expect(files.getByRole("button", { name: "Hide the files" })).toHaveAttribute("aria-expanded", "true");
  await expect(links.first()).toBeVisible();
  // On a wide screen there is nothing to fold.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(files.getByRole("button", { name: /the files$/ })).toBeHidden();
});

test("a long list filters its items by any of their texts", async ({ page, editor }) => {
  test.slow(); // the consultants' form, the largest
  await page.goto(`${editor.url}#consultants.yaml`);
  const filter = page.getByLabel("Filter Consultants");
  await expect(filter).toBeVisible();
  const items = page.locator("details.item:visible > summary");
  const all = await items.count();
  await filter.fill("enterprise deals");
  await expect(page.getByText(/^\d+ of \d+ shown$/)).toHaveText(`1 of ${all} shown`);
  await expect(items).toHaveText(["Marco Bellini"]);
  await filter.fill("");
  await expect(items).toHaveCount(all);
});
