import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "./browser.ts";

test("a consultant's role changed and saved: the file's diff is that one line", async ({ page, editor }) => {
  const file = join(editor.root, "data", "consultants.yaml");
  const before = await readFile(file, "utf8");
  await page.goto(`${editor.url}#consultants.yaml`);
  const role = page.locator("#root_consultants_1_role");
  await expect(role).toHaveValue("Senior Partner");
  await role.fill("Principal Partner");
  await expect(page.locator("#save-state")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved consultants.yaml");
  const after = await readFile(file, "utf8");
  const changed = before
    .split("\n")
    .map((line, index) => [index + 1, line, after.split("\n")[index]] as const)
    .filter(([, old, now]) => old !== now);
  expect(changed).toEqual([[32, "    role: Senior Partner", "    role: Principal Partner"]]);
  expect(after.split("\n").length).toBe(before.split("\n").length);
  await page.screenshot({ path: "test-results/editor-saved.png", fullPage: false });
});
