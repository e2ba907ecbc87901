// The German site in a browser: every template has the language switcher in
// its header, as a plain link (works without JavaScript) to the same page in
// the other language, each language's name marked with its own lang; the
// pages say their language; an unknown German address gets the German 404;
// a German form answers in German. Texts and paths come from the generated
// modules of each language (site/lib/content.ts), never written out here.
import { expect, type Page, test } from "@playwright/test";
import { ROUTES } from "../../schemas/index.ts";
import { content } from "../../site/lib/content.ts";
import { insightsOf } from "../../site/lib/insights.ts";
import { defaultLocale, localeInfo, localePath, locales } from "../../site/lib/locale.ts";
import { waitForHydration } from "./support/page.ts";

const german = locales.find((l) => l.code !== defaultLocale)?.code ?? "de";
const de = content(german);
const en = content(defaultLocale);
const article = insightsOf(german).articles[0];
const tag = article?.tags[0];

/** One page of each template, as its default-language path. */
const templates = [
  ...ROUTES,
  "/insights",
  ...(tag ? [`/insights/tags/${tag}`] : []),
  ...(article ? [`/insights/${article.slug}`] : []),
];

const switcher = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: de.site.ui.languages });

for (const javaScript of [false, true]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });
    for (const path of templates) {
      test(`${localePath(german, path)}: lang, and the switcher leads to ${path} and back`, async ({ page }) => {
        await page.goto(localePath(german, path));
        if (javaScript) await waitForHydration(page);
        await expect(page.locator("html")).toHaveAttribute("lang", german);
        const toEnglish = switcher(page).getByRole("link", { name: localeInfo(defaultLocale).name });
        await expect(toEnglish).toHaveAttribute("lang", defaultLocale);
        await expect(toEnglish).toHaveAttribute("hreflang", defaultLocale);
        await expect(toEnglish).toHaveAttribute("href", path);
        await toEnglish.focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(path);
        await expect(page.locator("html")).toHaveAttribute("lang", defaultLocale);
        const toGerman = page
          .getByRole("banner")
          .getByRole("navigation", { name: en.site.ui.languages })
          .getByRole("link", { name: localeInfo(german).name });
        await expect(toGerman).toHaveAttribute("lang", german);
        await expect(toGerman).toHaveAttribute("href", localePath(german, path));
      });
    }
  });
}

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
