// axe on the editor's pages: every rule but the experimental ones, run as
// every browser test runs it (tests/support/axe.ts).
import type { Page } from "@playwright/test";
import { axeBuilder } from "../support/axe.ts";

/** axe's violations on `page`. */
export async function axeViolations(page: Page) {
  return (await axeBuilder(page).analyze()).violations;
}
