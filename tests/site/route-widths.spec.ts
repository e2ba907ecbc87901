// Every route at phone and desktop width, from one page load each, in this
// order: at desktop width, what the route shows around its content and the
// structure rules (support/route-chrome.ts, before hydration; they were
// routes.spec.ts's and a11y.spec.ts's own page loads); the full-page
// screenshot (kept as an artefact, not compared), both accessibility engines,
// at desktop width the skip link, then what loads on idle or on first use,
// while every request is recorded for the third-party check. Each check is a
// step, and a failure names it; the engines' and the screenshot's assertions
// are soft, so one failing still runs the others.
// - Screenshot: test-results/screenshots/<route>-<width>.png for review; the
//   status, and nothing sticking out sideways (a horizontal scrollbar on a phone).
// - Accessibility: axe-core with the WCAG 2.1 A/AA and best-practice rules,
//   text in the colour of its own background, and IBM's Equal Access engine
//   (a second engine finds what axe does not, such as a focusable element
//   without a role). The structure rules are in support/route-chrome.ts.
// - Chrome and structure (desktop): title, headings in the spec's order, the
//   header's and footer's links from data/site.yaml, landmarks, one h1,
//   heading levels that never skip, labelled controls, the footer's legal
//   row once hydrated, and the skip link (first Tab, Enter moves to main).
// - Third parties: no page asks any other host for anything, while loading,
//   hydrating and loading what it loads on idle or on first use (hover hints,
//   the form's sending code, the phone menu). No fonts, analytics, CDNs or
//   embeds from elsewhere.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { ui } from "../../site/generated/site.ts";
import { axeResults, formatViolations, invisibleTextIn, knownIssuesOn, unexpectedViolations } from "./support/axe.ts";
import { equalAccessViolations, formatIssues } from "./support/equal-access.ts";
import { waitForHydration } from "./support/page.ts";
import { checkChrome, checkLegalRow, checkSkipLink, checkStructure } from "./support/route-chrome.ts";
import { routes, widths } from "./support/routes.ts";
import { recordRequests, useThePage } from "./support/third-party.ts";

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results/screenshots");
mkdirSync(OUT, { recursive: true });

for (const r of routes) {
  for (const size of widths) {
    test.describe(`${r.path} at ${size.width}px`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });

      const known = knownIssuesOn(r.path);
      if (known.length > 0) {
        // A known, reported bug listed in support/axe.ts (none at present); the test below checks everything else.
        test.fixme(`axe: no violations (${known.map((issue) => `${issue.rule}: ${issue.bug}`).join("; ")})`, () => {});
      }

      const desktop = size.name === "desktop";
      const title = desktop
        ? "chrome and structure, screenshot, accessibility, skip link, and every request to the site itself"
        : "screenshot, accessibility, and every request to the site itself";
      test(title, async ({ page, baseURL }) => {
        // Several former tests' work (screenshots, a11y, third-party; at desktop width routes' and structure), so three times a test's time.
        test.slow();
        const requests = recordRequests(page);
        const response = await page.goto(r.path);
        if (desktop) {
          expect(response?.status(), `status of ${r.path}`).toBe(r.status);
          await checkChrome(page, r);
          await checkStructure(page, r);
        }
        await waitForHydration(page);
        if (desktop) await checkLegalRow(page);

        await test.step("screenshot: status, no horizontal overflow, the full page", async () => {
          expect.soft(response?.status()).toBe(r.status);
          await page.evaluate(() => document.fonts.ready);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect.soft(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
          const png = await page.screenshot({ fullPage: true, path: join(OUT, `${r.name}-${size.width}.png`) });
          // PNG header: the width is the big-endian word at byte 16.
          expect.soft(png.readUInt32BE(16)).toBe(size.width);
          expect.soft(png.readUInt32BE(20)).toBeGreaterThanOrEqual(size.height);
        });

        const results = await axeResults(page);
        const axeStep = known.length > 0 ? "axe: no violations beyond the known, reported ones" : "axe: no violations";
        await test.step(axeStep, () => {
          const violations = unexpectedViolations(r.path, results.violations);
          expect.soft(violations, formatViolations(violations)).toEqual([]);
        });
        await test.step("no text in the colour of its own background", () => {
          // axe files 1:1 contrast under "needs review", so this is checked here
          // (it caught a dark card whose background lost to the default one).
          expect.soft(invisibleTextIn(results)).toEqual([]);
        });
        await test.step("no Equal Access violations", async () => {
          const issues = await equalAccessViolations(page);
          expect.soft(issues, formatIssues(issues)).toEqual([]);
        });

        // Nothing above focused anything: the skip link's first Tab starts from the top. It moves the
        // focus to main, which the third-party check does not mind (it hovers and focuses on its own).
        if (desktop) await checkSkipLink(page);

        await test.step("every request goes to the site itself", async () => {
          const own = new URL(String(baseURL)).origin;
          await useThePage(page);
          const menuButton = page.getByRole("button", { name: ui.openMenu, exact: true });
          if (await menuButton.isVisible()) {
            await menuButton.click();
            await expect(page.getByRole("dialog")).toBeVisible();
          }
          await page.waitForLoadState("networkidle");
          expect.soft(requests.length, "the page's own requests are recorded").toBeGreaterThan(1);
          expect.soft(requests.filter((url) => new URL(url).origin !== own)).toEqual([]);
        });
      });
    });
  }
}
