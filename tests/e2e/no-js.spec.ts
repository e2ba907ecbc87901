// The pre-rendered HTML alone, with JavaScript switched off: every route
// must carry its full content (spec §2), as search engines and visitors
// without script get it. The same for every page of every other language
// (German under /de/), taken from that language's data (support/languages.ts).
import { expect, test } from "@playwright/test";
import * as clients from "../../site/generated/clients.ts";
import { consultants } from "../../site/generated/consultants.ts";
import * as contact from "../../site/generated/contact.ts";
import * as formOptions from "../../site/generated/form-options.ts";
import * as home from "../../site/generated/home.ts";
import * as inquiry from "../../site/generated/inquiry.ts";
import { entity, formNotice, privacy, retention } from "../../site/generated/legal.ts";
import { firm, footer, nav, notFound, ui } from "../../site/generated/site.ts";
import { content } from "../../site/lib/content.ts";
import { localePath } from "../../site/lib/locale.ts";
import { otherLanguageNotFound, otherLanguagePages } from "./support/languages.ts";
import { headingTexts, linkTable } from "./support/page.ts";
import { routes, UNKNOWN_PATH } from "./support/routes.ts";

test.use({ javaScriptEnabled: false });

/** Texts beyond the headings that each page must hold in its HTML. */
const extraTexts: Record<string, string[]> = {
  "/": [
    home.hero.lead,
    ...consultants.flatMap((c) => [c.role, c.focus]),
    ...clients.clients.map((c) => c.name),
    ...Object.values(home.contact.fields).map((f) => f.label),
    home.contact.submit,
    formNotice.text,
  ],
  "/about": [],
  "/approach": [],
  "/consultants": consultants.flatMap((c) => [c.background, ...c.achievements]),
  "/contact": [
    ...Object.values(contact.form.fields).map((f) => f.label),
    contact.sidebar.direct.response,
    contact.sidebar.direct.confidentiality,
    firm.email,
    formNotice.text,
  ],
  "/contact/sent": [...inquiry.sent.steps, inquiry.sent.text, inquiry.sent.link.label],
  "/imprint": [
    entity.legalName,
    entity.address.street,
    ...entity.managingDirectors,
    entity.register.court,
    entity.register.number,
    entity.vatId,
    entity.email,
    entity.phone,
  ],
  "/privacy": [
    ...privacy.glance.items,
    entity.legalName,
    privacy.inquiries.legalBasis,
    privacy.inquiries.retention,
    privacy.abuse.legalBasis,
    privacy.abuse.retention,
    ...privacy.rights.items.map((right) => right.text),
    privacy.complaint.authority,
    `${retention.inquiryDays} days`,
  ],
  [UNKNOWN_PATH]: [notFound.code, notFound.text, notFound.link.label],
};

for (const r of routes) {
  test(`${r.path}: full content without JavaScript`, async ({ page }) => {
    const response = await page.goto(r.path);
    expect(response?.status()).toBe(r.status);
    // Nothing hydrated: what is checked below came with the HTML.
    const hydrated = await page
      .getByRole("banner")
      .evaluate((header) => Object.keys(header).some((key) => key.startsWith("__reactFiber")));
    expect(hydrated).toBe(false);
    await expect(page).toHaveTitle(r.title);
    await expect(page.locator("h1")).toHaveText(r.h1);
    expect(await headingTexts(page.locator("main"))).toEqual(r.headings);
    const main = page.locator("main");
    for (const text of extraTexts[r.path] ?? []) {
      await expect(main, `main of ${r.path} contains "${text}"`).toContainText(text);
    }
    expect(await linkTable(page.getByRole("banner").getByRole("navigation", { name: ui.mainNav }))).toEqual(
      nav.map((link) => [link.label, link.href]),
    );
    await expect(page.getByRole("contentinfo")).toContainText(`© ${firm.copyrightYear}`);
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveCount(
      1 + footer.columns.reduce((n, column) => n + column.links.length, 0) + footer.legalLinks.length,
    );
  });
}

for (const p of otherLanguagePages) {
  test(`${p.path}: full content in its language without JavaScript`, async ({ page }) => {
    const { site } = content(p.locale);
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    const hydrated = await page
      .getByRole("banner")
      .evaluate((header) => Object.keys(header).some((key) => key.startsWith("__reactFiber")));
    expect(hydrated).toBe(false);
    await expect(page.locator("html")).toHaveAttribute("lang", p.locale);
    if (p.title) await expect(page).toHaveTitle(p.title);
    await expect(page.locator("h1")).toHaveCount(1);
    if (p.h1) await expect(page.locator("h1")).toHaveText(p.h1);
    else await expect(page.locator("h1")).not.toBeEmpty();
    expect(await headingTexts(page.locator("main"))).not.toEqual([]);
    expect(await linkTable(page.getByRole("banner").getByRole("navigation", { name: site.ui.mainNav }))).toEqual(
      site.nav.map((link) => [link.label, localePath(p.locale, link.href)]),
    );
    await expect(page.getByRole("contentinfo")).toContainText(`© ${site.firm.copyrightYear}`);
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveCount(
      1 + site.footer.columns.reduce((n, column) => n + column.links.length, 0) + site.footer.legalLinks.length,
    );
  });
}

for (const p of otherLanguageNotFound) {
  test(`${p.path}: the ${p.locale} 404 page without JavaScript`, async ({ page }) => {
    const { notFound } = content(p.locale).site;
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", p.locale);
    await expect(page.locator("h1")).toHaveText(`${notFound.code}: ${notFound.heading}`);
    await expect(page.locator("main")).toContainText(notFound.text);
  });
}

test("/contact: the nine fields are labelled and their options listed without JavaScript", async ({ page }) => {
  await page.goto("/contact");
  for (const field of Object.values(contact.form.fields)) {
    // The label's text is the field's label, plus "*" when it is required.
    await expect(page.getByLabel(new RegExp(`^${escapeRegExp(field.label)}\\*?$`))).toHaveCount(1);
  }
  const { role, arr, industry, timeline } = formOptions;
  await expect(page.locator("form select option:not([disabled])")).toHaveText(
    [...role, ...arr, ...industry, ...timeline].map((option) => option.label),
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
