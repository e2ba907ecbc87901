// The German site in a browser: every template has the language switcher in
// its header, as a plain link (works without JavaScript) to the same page in
// the other language, each language's name marked with its own lang; the
// pages say their language; an unknown German address gets the German 404;
// a German form answers in German. Texts and paths come from the generated
// modules of each language (site/lib/content.ts), never written out here.
import { expect, test } from "@playwright/test";
import { ROUTES } from "../../schemas/index.ts";
import { content } from "../../site/lib/content.ts";
import { localeInfo, localePath } from "../../site/lib/locale.ts";
import { otherLanguagePages } from "./support/languages.ts";
import { waitForHydration } from "./support/page.ts";
import { german, germanArticle, otherLanguageBuiltPaths, switcherPages, templates } from "./support/switcher.ts";

const de = content(german);
const article = germanArticle;

// Each template's German page: its lang, and the switcher to the default language and back, with
// and without JavaScript (support/switcher.ts), from the page loads of a11y-languages.spec.ts (with
// JavaScript, at 1280 px) and no-js.spec.ts (without). Here: that those cover every template.
test("every template's German page gets the switcher round trip, with and without JavaScript", () => {
  expect(templates.length).toBeGreaterThanOrEqual(ROUTES.length + 1);
  const withJavaScript = otherLanguageBuiltPaths();
  const withoutJavaScript = otherLanguagePages.map((p) => p.path);
  for (const germanPath of switcherPages.keys()) {
    expect(withJavaScript, "a11y-languages.spec.ts loads it").toContain(germanPath);
    expect(withoutJavaScript, "no-js.spec.ts loads it").toContain(germanPath);
  }
});

test("the header's links on a German page lead to German pages", async ({ page }) => {
  await page.goto(localePath(german, "/about"));
  const nav = page.getByRole("banner").getByRole("navigation", { name: de.site.ui.mainNav });
  for (const link of de.site.nav) {
    await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
      "href",
      localePath(german, link.href),
    );
  }
});

test("an unknown address under the German prefix gets the German 404 page", async ({ page }) => {
  const response = await page.goto(localePath(german, "/gibt-es-nicht"));
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", german);
  await expect(page.locator("h1")).toContainText(de.site.notFound.heading);
  await expect(page).toHaveTitle(de.site.notFound.title);
});

test("a German article shows its dates and reading time the German way", async ({ page }) => {
  test.skip(!article, "no German article");
  if (!article) return;
  await page.goto(localePath(german, `/insights/${article.slug}`));
  const date = new Intl.DateTimeFormat(localeInfo(german).intl, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${article.date}T00:00:00Z`));
  await expect(page.locator("main time").first()).toHaveText(date);
  await expect(page.locator("main")).toContainText(
    `${article.readingMinutes} ${de.insights.insightsTexts.labels.minRead}`,
  );
});

test("a German form sent incomplete answers in German", async ({ page }) => {
  await page.goto(localePath(german, "/contact"));
  await waitForHydration(page);
  await page.locator("main form").getByRole("button", { name: de.contact.form.submit }).click();
  await expect(page.locator("main form")).toContainText(de.inquiry.errors.summary);
});
