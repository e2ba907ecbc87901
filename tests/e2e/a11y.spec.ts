// The structure rules of STYLE.md on every route: landmarks, one h1,
// headings in order, labelled controls. The accessibility engines (axe-core
// and IBM's Equal Access) run on every route at phone and desktop width in
// route-widths.spec.ts, from the page load they share with the screenshot
// and the third-party check.
import { expect, test } from "@playwright/test";
import * as contact from "../../site/generated/contact.ts";
import * as home from "../../site/generated/home.ts";
import { footer, ui } from "../../site/generated/site.ts";
import { headingOutline } from "./support/page.ts";
import { routes } from "./support/routes.ts";

for (const r of routes) {
  test.describe(`${r.path} structure`, () => {
    // One page load for the three checks, each a step.
    test("landmarks, headings and labels", async ({ page }) => {
      await page.goto(r.path);

      await test.step("landmarks: one banner, one main, one contentinfo, and the navigations", async () => {
        await expect(page.getByRole("banner")).toHaveCount(1);
        await expect(page.getByRole("main")).toHaveCount(1);
        await expect(page.getByRole("contentinfo")).toHaveCount(1);
        await expect(page.getByRole("banner").getByRole("navigation", { name: ui.mainNav })).toHaveCount(1);
        // The link columns and the legal row.
        await expect(page.getByRole("contentinfo").getByRole("navigation")).toHaveCount(footer.columns.length + 1);
        await expect(
          page.getByRole("contentinfo").getByRole("navigation", { name: footer.legalLabel, exact: true }),
        ).toHaveCount(1);
        // Nothing but the skip link lives outside the landmarks.
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll("#root > *")]
            .filter((el) => !["HEADER", "MAIN", "FOOTER"].includes(el.tagName))
            .map((el) => el.outerHTML.slice(0, 40)),
        );
        expect(outside).toEqual([expect.stringMatching(/^<a href="#main"/)]);
      });

      await test.step("exactly one h1, and heading levels never skip", async () => {
        // Known bug: on /consultants each card's BadgeList heading is an h4
        // right after the card's h2 (site/components/Card.tsx).
        const outline = await headingOutline(page);
        expect(outline.filter((h) => h.level === 1)).toHaveLength(1);
        expect(outline[0]?.level, "the first heading is the h1").toBe(1);
        const skips = outline
          .map((h, i) => ({ ...h, previous: outline[i - 1] }))
          .filter((h) => h.previous && h.level > h.previous.level + 1)
          .map((h) => `h${h.previous?.level} "${h.previous?.text}" -> h${h.level} "${h.text}"`);
        expect(skips).toEqual([]);
      });

      await test.step("every form control has a label", async () => {
        const unlabelled = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), select, textarea")]
            .filter((control) => {
              const byLabel = [...(control.labels ?? [])].some((label) => (label.textContent ?? "").trim() !== "");
              return !byLabel && !control.getAttribute("aria-labelledby") && !control.getAttribute("aria-label");
            })
            .map((control) => control.outerHTML.slice(0, 80)),
        );
        expect(unlabelled).toEqual([]);
        // What a visitor can fill in (the forms' hidden honeypot field is not).
        const controls = await page
          .locator("input:not([type=hidden]), select, textarea")
          .filter({ visible: true })
          .count();
        const expected = { "/": home.contact.fields, "/contact": contact.form.fields }[r.path] ?? {};
        expect(controls).toBe(Object.keys(expected).length);
      });
    });
  });
}
