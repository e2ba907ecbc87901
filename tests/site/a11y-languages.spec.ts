// Every built page of every language other than the default (German under
// /de/), at phone and desktop width, through both accessibility engines:
// axe (WCAG 2.1 A/AA and best practice) and IBM's Equal Access, as
// route-widths.spec.ts does for the route table; at 1280 px on one page of
// each template, then the language switcher (support/switcher.ts). The pages
// come from the build itself, so a new translation is covered without an
// edit here.
import { expect, test } from "@playwright/test";
import { axeViolations, formatViolations } from "./support/axe.ts";
import { equalAccessViolations, formatIssues } from "./support/equal-access.ts";
import { waitForHydration } from "./support/page.ts";
import { widths } from "./support/routes.ts";
import { otherLanguageBuiltPaths, switcherPages, switcherRoundTrip } from "./support/switcher.ts";

const paths = otherLanguageBuiltPaths();

test("the other languages have pages to check", () => {
  expect(paths.length).toBeGreaterThan(10);
});

for (const path of paths) {
  for (const size of widths) {
    test(`${path} at ${size.width}px: no axe and no Equal Access violations`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await waitForHydration(page);
      // Each engine a step, soft, so one failing still runs the other.
      await test.step("axe: no violations", async () => {
        const axe = await axeViolations(page);
        expect.soft(axe, formatViolations(axe)).toEqual([]);
      });
      await test.step("no Equal Access violations", async () => {
        const ibm = await equalAccessViolations(page);
        expect.soft(ibm, formatIssues(ibm)).toEqual([]);
      });
      // Last, as it leaves the page: on one page of each template, at one width (was in i18n.spec.ts).
      const base = switcherPages.get(path);
      if (base !== undefined && size.width === 1280) {
        await test.step(`lang, and the switcher leads to ${base} and back (with JavaScript)`, async () => {
          await switcherRoundTrip(page, base);
        });
      }
    });
  }
}
