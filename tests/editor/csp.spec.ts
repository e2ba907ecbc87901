import { acceptDialogs, expect, test } from "./browser.ts";

test("the page runs under its CSP with no 'unsafe-eval': forms, lists and the article editor, with no violation", async ({
  page,
  editor,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto(`${editor.url}#consultants.yaml`);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'nonce-[^']+';/);
  expect(policy).not.toContain("unsafe-eval");

  const role = page.locator("#root_consultants_0_role");
  await role.fill("Partner");
  await page.getByRole("button", { name: "Add to Consultants", exact: true }).click();
  await expect(page.locator("#save-state")).toHaveText(/error|Unsaved/);
  // Leaving the form with edits not saved asks first (FileEditor); here the answer is to leave.
  acceptDialogs(page);
  await page.goto(`${editor.url}#insights/crm-hygiene.md`);
  await page.reload();
  await page.getByRole("textbox", { name: "Front matter and Markdown" }).focus();
  await page.keyboard.type("{firm.");
  await expect(page.locator(".cm-tooltip-autocomplete")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
