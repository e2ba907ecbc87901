// Deleting an article in the browser: refused with the places that need it, or gone from the list.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "./browser.ts";

test("deleting an article asks first, is refused with the places that link to it, and otherwise removes it", async ({
  page,
  editor,
}) => {
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(`${editor.url}#insights/icp-and-anti-personas.md`);
  await page.getByRole("button", { name: "Delete insights/icp-and-anti-personas.md" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText("not deleted:");
  await expect(refusal).toContainText(/data\/insights\/crm-hygiene\.md:\d+:\d+/);
  expect((await stat(join(editor.root, "data", "insights", "icp-and-anti-personas.md"))).isFile()).toBe(true);

  await page.goto(`${editor.url}#insights/territory-planning.md`);
  await page.getByRole("button", { name: "Delete insights/territory-planning.md" }).click();
  await expect(page.getByText("Choose a file from the list.")).toBeVisible();
  const files = page.getByRole("navigation", { name: "Files" });
  await expect(files.getByRole("link", { name: /^insights\/territory-planning\.md/ })).toHaveCount(0);
  await expect(stat(join(editor.root, "data", "insights", "territory-planning.md"))).rejects.toThrow();
});
