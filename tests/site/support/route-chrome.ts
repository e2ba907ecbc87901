// What every route shows around its content, checked on the desktop page load
// that route-widths.spec.ts makes anyway (they were routes.spec.ts's and
// a11y.spec.ts's own page loads): the title and headings, the header and
// footer, the structure rules of STYLE.md (landmarks, one h1, headings in
// order, labelled controls), then, once hydrated, the footer's legal row
// and the skip link. Each check is a step, so a failure names it.
import { expect, type Page, test } from "@playwright/test";
import { LEGAL_ROUTES } from "../../../schemas/rules/legal.ts";
import * as contact from "../../../site/generated/contact.ts";
import * as home from "../../../site/generated/home.ts";
import { firm, footer, nav, ui } from "../../../site/generated/site.ts";
import { headingOutline, headingTexts, linkTable } from "./page.ts";
import type { routes } from "./routes.ts";

type Route = (typeof routes)[number];

/** Before hydration: what came with the HTML or React, whichever came first. */
export async function checkChrome(page: Page, r: Route): Promise<void> {
  await test.step("title, one h1, and every section heading in the spec's order (routes.spec.ts)", async () => {
    await expect(page).toHaveTitle(r.title);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(r.h1);
    expect(await headingTexts(page.locator("main"))).toEqual(r.headings);
  });

  await test.step("header: logo with the firm's name and the navigation links of data/site.yaml", async () => {
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: firm.name, exact: true });
    await expect(logo).toHaveAttribute("href", "/");
    await expect(logo.locator("svg")).toBeVisible();
    const navigation = header.getByRole("navigation", { name: ui.mainNav });
    await expect(navigation).toBeVisible();
    expect(await linkTable(navigation)).toEqual(nav.map((link) => [link.label, link.href]));
    // Only the current page's link is marked; the 404 page has none.
    const current = nav.filter((link) => link.href === r.path).map((link) => link.label);
    const marked = await navigation
      .locator('a[aria-current="page"]')
      .evaluateAll((links) => links.map((a) => a.textContent));
    expect(marked).toEqual(current);
  });

  await test.step("footer: description, both link columns, e-mail and copyright", async () => {
    const foot = page.getByRole("contentinfo");
    await expect(foot.getByText(firm.description, { exact: true })).toBeVisible();
    await expect(foot.getByRole("link", { name: firm.email, exact: true })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    const columns = foot.getByRole("navigation");
    await expect(columns).toHaveCount(footer.columns.length + 1); // and the legal row (legal.spec.ts)
    for (const column of footer.columns) {
      const nav = foot.getByRole("navigation", { name: column.title, exact: true });
      await expect(nav.getByRole("heading", { name: column.title, exact: true })).toBeVisible();
      expect(await linkTable(nav)).toEqual(column.links.map((link) => [link.label, link.href]));
    }
    await expect(foot.getByText(`© ${firm.copyrightYear}`)).toHaveText(
      `© ${firm.copyrightYear} ${firm.legalName}. ${footer.legal}`,
    );
  });
}

/** The structure rules of STYLE.md (was a11y.spec.ts): landmarks, one h1, headings in order, labelled controls. */
export async function checkStructure(page: Page, r: Route): Promise<void> {
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
    const controls = await page.locator("input:not([type=hidden]), select, textarea").filter({ visible: true }).count();
    const expected = { "/": home.contact.fields, "/contact": contact.form.fields }[r.path] ?? {};
    expect(controls).toBe(Object.keys(expected).length);
  });
}

/** Hydrated: the footer's legal row (was in legal.spec.ts). */
export async function checkLegalRow(page: Page): Promise<void> {
  await test.step(`footer's legal row, hydrated: links to ${LEGAL_ROUTES.join(" and ")} (legal.spec.ts)`, async () => {
    const row = page.getByRole("contentinfo").getByRole("navigation", { name: footer.legalLabel, exact: true });
    expect.soft(await linkTable(row)).toEqual(footer.legalLinks.map((link) => [link.label, link.href]));
    for (const link of footer.legalLinks) await expect.soft(row.getByRole("link", { name: link.label })).toBeVisible();
  });
}

/** It moves the focus and the URL's fragment: run it when nothing has focused anything yet. */
export async function checkSkipLink(page: Page): Promise<void> {
  await test.step("skip link: the first Tab reaches it, Enter moves focus to main (behaviour.spec.ts)", async () => {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: ui.skipLink, exact: true });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    // Shown while focused (it is visually hidden otherwise).
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    expect(new URL(page.url()).hash).toBe("#main");
  });
}
