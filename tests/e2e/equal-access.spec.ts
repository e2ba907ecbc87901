// Every route, at phone and desktop width, through IBM's Equal Access engine:
// a second engine beside axe (a11y.spec.ts) finds what axe does not, such as
// a focusable element without a role (element_tabbable_role_valid).
import { expect, test } from "@playwright/test";
import { equalAccessViolations, formatIssues } from "./support/equal-access.ts";
import { waitForHydration } from "./support/page.ts";
import { routes, widths } from "./support/routes.ts";

// The engine is injected as a script: the site's CSP (rightly) refuses it.
test.use({ bypassCSP: true });

for (const r of routes) {
  for (const size of widths) {
    test(`${r.path} at ${size.width}px: no Equal Access violations`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(r.path);
      await waitForHydration(page);
      const issues = await equalAccessViolations(page);
      expect(issues, formatIssues(issues)).toEqual([]);
    });
  }
}
