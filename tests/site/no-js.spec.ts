// The pre-rendered HTML alone, with JavaScript switched off: every route
// must carry its full content (spec §2), as search engines and visitors
// without script get it. The same for every page of every other language
// (German under /de/), taken from that language's data (support/languages.ts).
import { expect, test } from "@playwright/test";
import { imageSize } from "image-size";
import { LEGAL_ROUTES } from "../../schemas/rules/legal.ts";
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
import { switcherPages, switcherRoundTrip } from "./support/switcher.ts";

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

const meta = (selector: string) => `head meta[${selector}]`;

// One page load per route for every check of its pre-rendered HTML: the full
// content (this file), the <head> crawlers and link previews read (title,
// description, canonical, Open Graph and Twitter tags, the social card, the
// favicon link, JSON-LD where it belongs; was in head.spec.ts) and the
// footer's legal row without JavaScript (was in legal.spec.ts). Each a step,
// its assertions soft, so one failing still runs and names the others.
for (const r of routes) {
  test(`${r.path}: full content, head tags and legal row without JavaScript`, async ({ page, request }) => {
    const response = await page.goto(r.path);
    expect(response?.status()).toBe(r.status);

    await test.step("full content without JavaScript", async () => {
      // Nothing hydrated: what is checked below came with the HTML.
      const hydrated = await page
        .getByRole("banner")
        .evaluate((header) => Object.keys(header).some((key) => key.startsWith("__reactFiber")));
      expect.soft(hydrated).toBe(false);
      await expect.soft(page).toHaveTitle(r.title);
      await expect.soft(page.locator("h1")).toHaveText(r.h1);
      expect.soft(await headingTexts(page.locator("main"))).toEqual(r.headings);
      const main = page.locator("main");
      for (const text of extraTexts[r.path] ?? []) {
        await expect.soft(main, `main of ${r.path} contains "${text}"`).toContainText(text);
      }
      expect
        .soft(await linkTable(page.getByRole("banner").getByRole("navigation", { name: ui.mainNav })))
        .toEqual(nav.map((link) => [link.label, link.href]));
      await expect.soft(page.getByRole("contentinfo")).toContainText(`© ${firm.copyrightYear}`);
      await expect
        .soft(page.getByRole("contentinfo").getByRole("link"))
        .toHaveCount(1 + footer.columns.reduce((n, column) => n + column.links.length, 0) + footer.legalLinks.length);
    });

    await test.step("head: title, description, canonical, Open Graph and Twitter tags", async () => {
      const head = page.locator("head");
      await expect.soft(head.locator("title")).toHaveCount(1);
      await expect.soft(page).toHaveTitle(r.title);
      await expect.soft(page.locator(meta('name="description"'))).toHaveAttribute("content", r.description);
      await expect.soft(page.locator(meta('property="og:title"'))).toHaveAttribute("content", r.title);
      await expect.soft(page.locator(meta('property="og:description"'))).toHaveAttribute("content", r.description);
      await expect.soft(page.locator(meta('property="og:type"'))).toHaveAttribute("content", r.ogType ?? "website");
      await expect.soft(page.locator(meta('name="twitter:card"'))).toHaveAttribute("content", "summary_large_image");
      await expect.soft(page.locator("html")).toHaveAttribute("lang", firm.locale);
      const canonical = head.locator('link[rel="canonical"]');
      if (r.canonical === null) {
        // The not-found page claims no URL.
        await expect.soft(canonical).toHaveCount(0);
        await expect.soft(page.locator(meta('property="og:url"'))).toHaveCount(0);
      } else {
        await expect.soft(canonical).toHaveCount(1);
        await expect.soft(canonical).toHaveAttribute("href", r.canonical);
        await expect.soft(page.locator(meta('property="og:url"'))).toHaveAttribute("content", r.canonical);
      }
      if (r.index) await expect.soft(page.locator(meta('name="robots"'))).toHaveCount(0);
      else await expect.soft(page.locator(meta('name="robots"'))).toHaveAttribute("content", "noindex");
    });

    await test.step("og:image: a built 1200×630 PNG with alt text; an article's JSON-LD image is the same file", async () => {
      const url = await page.locator(meta('property="og:image"')).getAttribute("content");
      expect
        .soft(url, r.path)
        .toMatch(new RegExp(`^${firm.baseUrl.replace(/\./g, "\\.")}/cards/[a-z0-9-]+-[0-9a-f]{8}\\.png$`));
      const path = new URL(url ?? "").pathname;
      await expect.soft(page.locator(meta('property="og:image:width"')), r.path).toHaveAttribute("content", "1200");
      await expect.soft(page.locator(meta('property="og:image:height"')), r.path).toHaveAttribute("content", "630");
      expect.soft(await page.locator(meta('property="og:image:alt"')).getAttribute("content"), r.path).toBeTruthy();
      const card = await request.get(path);
      expect.soft(card.status(), path).toBe(200);
      expect.soft(card.headers()["content-type"], path).toBe("image/png");
      const size = imageSize(await card.body());
      expect.soft([size.type, size.width, size.height], path).toEqual(["png", 1200, 630]);
      if (r.article) {
        const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
        expect.soft(data.image, r.path).toBe(url);
      }
    });

    await test.step("favicon: an SVG link (head.spec.ts fetches it)", async () => {
      const icon = page.locator('head link[rel="icon"]');
      await expect.soft(icon, r.path).toHaveAttribute("type", "image/svg+xml");
      await expect.soft(icon, r.path).toHaveAttribute("href", "/favicon.svg");
    });

    if (r.path !== "/" && !r.article) {
      await test.step("no JSON-LD: it is only on the home page and the articles (head.spec.ts, insights.spec.ts)", async () => {
        await expect.soft(page.locator('script[type="application/ld+json"]'), r.path).toHaveCount(0);
      });
    }

    await test.step(`footer's legal row: links to ${LEGAL_ROUTES.join(" and ")} (legal.spec.ts)`, async () => {
      const row = page.getByRole("contentinfo").getByRole("navigation", { name: footer.legalLabel, exact: true });
      expect.soft(await linkTable(row)).toEqual(footer.legalLinks.map((link) => [link.label, link.href]));
      for (const link of footer.legalLinks)
        await expect.soft(row.getByRole("link", { name: link.label })).toBeVisible();
    });
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
    // Last, as it leaves the page: on one page of each template (was in i18n.spec.ts).
    const base = switcherPages.get(p.path);
    if (base !== undefined) {
      await test.step(`lang, and the switcher leads to ${base} and back (without JavaScript)`, async () => {
        await switcherRoundTrip(page, base);
      });
    }
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
