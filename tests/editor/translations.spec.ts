import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { expect, test } from "./browser.ts";

test.use({
  before: {
    // The English heading changes after its German translation was accepted: the German one is stale.
    async apply(root: string) {
      const path = join(root, "data", "home.yaml");
      const source = await readFile(path, "utf8");
      const changed = source.replace("  heading: Build with {firm.name}\n", "  heading: Grow with {firm.name}\n");
      expect(changed).not.toBe(source);
      await writeFile(path, changed);
    },
  },
});

test("a German text whose English changed: shown beside the new English, edited, saved and marked current", async ({
  page,
  editor,
}) => {
  const lockPath = join(editor.root, "data", "de", "home.lock.yaml");
  await page.goto(editor.url);
  await expect(page.getByRole("link", { name: /^de\/home\.yaml 1 stale$/ })).toBeVisible();
  await page.getByRole("link", { name: /^de\/home\.yaml/ }).click();

  const field = page.locator("#root_hero_heading");
  await expect(field).toHaveValue("Wachsen Sie mit {firm.name}");
  const warning = page.locator("#root_hero_heading__error");
  await expect(warning).toContainText(
    "data/de/home.yaml:4:12 warning: the English text changed since this was translated",
  );
  await expect(warning).toContainText('English was "Build with {firm.name}", now "Grow with {firm.name}"');
  // A warning looks like one: amber, the field not marked as an error (an error is red and blocks the save).
  await expect(warning).toHaveClass(/warning-detail/);
  await expect(warning.locator("li")).toHaveClass("warning");
  await expect(page.locator(".form-group:has(> .pair #root_hero_heading)")).toHaveClass(/has-warning/);
  await expect(page.locator(".form-group:has(> .pair #root_hero_heading)")).not.toHaveClass(/has-error/);
  const [warnColour, badColour] = await warning.evaluate((element) => [
    getComputedStyle(element).color,
    getComputedStyle(document.documentElement).getPropertyValue("--bad"),
  ]);
  expect(warnColour).not.toBe(badColour);
  expect(warnColour).toBe("rgb(110, 71, 0)"); // --warn
  const english = page.locator(".form-group:has(> .pair #root_hero_heading) .source p");
  await expect(english).toHaveText("Grow with {firm.name}");

  await field.fill("Wachsen Sie weiter mit {firm.name}");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Saved de/home.yaml");
  expect(parse(await readFile(join(editor.root, "data", "de", "home.yaml"), "utf8")).hero.heading).toBe(
    "Wachsen Sie weiter mit {firm.name}",
  );

  await page.getByRole("button", { name: "Mark Opening section, Heading as current" }).click();
  await expect(page.getByRole("status")).toContainText("hero.heading marked as current. No problems in this file.");
  await expect(warning).toHaveCount(0);
  const lock = parse(await readFile(lockPath, "utf8"));
  expect(lock["hero.heading"].en).toBe("Grow with {firm.name}");
  await expect(page.getByRole("link", { name: /^de\/home\.yaml valid$/ })).toBeVisible();
  await page.screenshot({ path: "test-results/editor-translation.png" });
});
