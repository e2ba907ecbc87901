// axe on the editor's pages, as the site's browser tests run it
// (tests/site/support/axe.ts): in the page itself ("legacy mode"; the
// preview's iframe is same-origin, so axe checks inside it too), instead of
// @axe-core/playwright's default of a run per frame finished in a second,
// blank page (twice the time, same results here); and asking for the
// violations only: every rule still runs, but axe does not collect and send
// back each passing element.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe's violations on `page`, every rule but the experimental ones. */
export async function axeViolations(page: Page) {
  return (
    await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ["violations"] })
      .analyze()
  ).violations;
}
