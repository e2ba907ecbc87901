import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./browser.ts";

test("an ARR range written high end first shows its error at the field, with file:line:col, and nothing is written", async ({
  page,
  editor,
}) => {
  const file = join(editor.root, "data", "consultants.yaml");
  const before = await readFile(file, "utf8");
  await page.goto(`${editor.url}#consultants.yaml`);
  const field = page.locator("#root_consultants_0_arrRange");
  await expect(field).toHaveValue("1M-20M");
  await field.fill("20M-2M");
  const error = page.locator("#root_consultants_0_arrRange__error");
  await expect(error).toContainText("data/consultants.yaml:11:15 error: the low end must be below the high end");
  await expect(error).toContainText("hint: ARR range the consultant focuses on");
  // The field says so to a screen reader too: its description names the error.
  await expect(field).toHaveAttribute("aria-describedby", /root_consultants_0_arrRange__error/);
  await expect(page.getByRole("status")).toHaveText("1 error in this file.");
  await expect(page.locator("#save-state")).toHaveText("1 error: fix it to save");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Not saved: the edit leaves errors in data/consultants.yaml");
  await expect(page.getByRole("status")).not.toContainText(/not saved: not saved/i);
  expect(await readFile(file, "utf8")).toBe(before);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await field.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `test-results/editor-error-${width}.png` });
  }
});

test("a file changed on disk while open is not overwritten: the conflict is shown and the edits stay", async ({
  page,
  editor,
}) => {
  const file = join(editor.root, "data", "consultants.yaml");
  await page.goto(`${editor.url}#consultants.yaml`);
  const role = page.locator("#root_consultants_1_role");
  await expect(role).toHaveValue("Senior Partner");
  await role.fill("Principal Partner");
  // Someone else (a text editor, a git pull) changes the file meanwhile.
  await appendFile(file, "# changed on disk\n");
  const onDisk = await readFile(file, "utf8");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("consultants.yaml was changed on disk");
  await expect(page.getByRole("status")).toContainText("Not saved");
  expect(await readFile(file, "utf8")).toBe(onDisk);
  await expect(role).toHaveValue("Principal Partner");
  await page.getByText("The file as it is on disk now").click();
  await expect(page.locator(".conflict pre")).toContainText("# changed on disk");
});

test.describe("a field added to a schema", () => {
  test.use({
    before: {
      async apply(root: string) {
        const path = join(root, "schemas", "consultants.ts");
        const source = await readFile(path, "utf8");
        const changed = source.replace(
          '    name: name().describe("Full name").meta({ title: "Name" }),\n',
          '    name: name().describe("Full name").meta({ title: "Name" }),\n    nickname: name().optional().describe("What colleagues call them"),\n',
        );
        expect(changed).not.toBe(source);
        await writeFile(path, changed);
      },
    },
  });

  test("shows in the form, labelled and described by the schema, with no editor code changed", async ({
    page,
    editor,
  }) => {
    await page.goto(`${editor.url}#consultants.yaml`);
    const field = page.locator("#root_consultants_0_nickname");
    await expect(field).toBeVisible();
    await expect(page.locator('label[for="root_consultants_0_nickname"]')).toHaveText("nickname");
    await expect(page.locator("#root_consultants_0_nickname__description")).toHaveText("What colleagues call them");
  });
});

test("the file list shows every kind of file with its state; the page passes axe and works by keyboard", async ({
  page,
  editor,
}) => {
  await page.goto(editor.url);
  const files = page.getByRole("navigation", { name: "Files" });
  for (const heading of ["Data", "Translations", "Articles", "Translated articles"]) {
    await expect(files.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(files.getByRole("link", { name: /^consultants\.yaml valid$/ })).toBeVisible();
  await expect(files.getByRole("link", { name: /^de\/home\.yaml/ })).toBeVisible();
  await expect(files.getByRole("link", { name: /^insights\/crm-hygiene\.md/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard: the skip link, then a file, then its first field, each with a visible focus ring.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to the form" })).toBeFocused();
  await files.getByRole("link", { name: /^consultants\.yaml/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#root_consultants_0_slug")).toHaveValue("katharina-lindqvist");
  // A reference is picked from what exists: the industries from the inquiry form's options.
  await expect(page.locator("#root_consultants_0_industries_0")).toHaveAttribute(
    "list",
    "root_consultants_0_industries_0__choices",
  );
  await expect(page.locator('#root_consultants_0_industries_0__choices option[value="fintech"]')).toHaveText("FinTech");
  // The skip link moves to the form and keeps the file open.
  await page.getByRole("link", { name: "Skip to the form" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#editor-main")).toBeFocused();
  await expect(page.getByRole("heading", { name: "consultants.yaml", level: 2 })).toBeVisible();
  await page.locator("#root_consultants_0_slug").focus();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe("solid");
  await page.locator("#root_consultants_0_arrRange").fill("20M-2M");
  await expect(page.locator("#root_consultants_0_arrRange__error")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
