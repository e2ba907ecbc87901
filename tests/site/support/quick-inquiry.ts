// The home page's contact block (the quick inquiry form), filled in and sent
// the way a visitor does it: by its labels, from the data.
import type { Page } from "@playwright/test";
import { contact as quick } from "../../../site/generated/home.ts";

export async function sendQuickInquiry(page: Page, email: string, message: string): Promise<void> {
  const block = page.locator("form").filter({ has: page.getByRole("button", { name: quick.submit }) });
  await block.getByLabel(quick.fields.name.label).fill("Ada Lovelace");
  await block.getByLabel(quick.fields.email.label).fill(email);
  await block.getByLabel(quick.fields.company.label).fill("Analytical Engines");
  await block.getByLabel(quick.fields.message.label).fill(message);
  await block.getByRole("button", { name: quick.submit }).click();
}
