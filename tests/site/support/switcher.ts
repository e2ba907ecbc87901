// The language switcher on one page of each template (i18n.spec.ts): from the
// German page, a plain link (works without JavaScript) to the same page in
// the default language, each language's name marked with its own lang, and
// back. Checked from page loads that other specs make anyway: with
// JavaScript in a11y-languages.spec.ts (at 1280 px, after both engines),
// without in no-js.spec.ts (after the page's content); i18n.spec.ts checks
// that both cover every template.
import { expect, type Page } from "@playwright/test";
import { ROUTES } from "../../../schemas/index.ts";
import { content } from "../../../site/lib/content.ts";
import { insightsOf } from "../../../site/lib/insights.ts";
import { defaultLocale, localeInfo, localePath, locales } from "../../../site/lib/locale.ts";
import { builtPages, routeOf } from "./budget.ts";

export const german = locales.find((l) => l.code !== defaultLocale)?.code ?? "de";
const de = content(german);
const en = content(defaultLocale);
export const germanArticle = insightsOf(german).articles[0];
const tag = germanArticle?.tags[0];

/** One page of each template, as its default-language path. */
export const templates = [
  ...ROUTES,
  "/insights",
  ...(tag ? [`/insights/tags/${tag}`] : []),
  ...(germanArticle ? [`/insights/${germanArticle.slug}`] : []),
];

/** Each template's German page → its default-language path. */
export const switcherPages = new Map(templates.map((path) => [localePath(german, path), path]));

/**
 * Every built page of every language other than the default, as the address requested (a language's
 * 404 page at an unknown address under its prefix): the pages a11y-languages.spec.ts checks.
 */
export function otherLanguageBuiltPaths(): string[] {
  const prefixes = locales.map((locale) => locale.pathPrefix).filter((prefix) => prefix !== "");
  return builtPages()
    .filter((file) => prefixes.some((prefix) => `/${file}`.startsWith(`${prefix}/`)))
    .map((file) =>
      file.endsWith("/404.html") ? `/${file.replace(/404\.html$/, "this-page-does-not-exist")}` : routeOf(file),
    );
}

/**
 * On the German page `page` shows (hydrated, if JavaScript is on): the page says its language, and the
 * switcher leads to `path` in the default language (by keyboard) and from there back.
 */
export async function switcherRoundTrip(page: Page, path: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", german);
  const toEnglish = page
    .getByRole("banner")
    .getByRole("navigation", { name: de.site.ui.languages })
    .getByRole("link", { name: localeInfo(defaultLocale).name });
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
}
