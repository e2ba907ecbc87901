// What crawlers and link previews read: the pre-rendered <head> (JavaScript
// off, so nothing is added after load), the favicon, sitemap.xml and
// robots.txt. Each route's <head> (title, description, canonical, Open Graph
// and Twitter tags, the og:image card fetched and measured, the favicon link,
// no JSON-LD but on the home page and the articles) is checked in
// no-js.spec.ts, from the one page load per route that also checks its content.
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { firm } from "../../site/generated/site.ts";
import { articleIndex } from "../../site/lib/article-index.ts";
import { articlePath, insightsOf, listPaths } from "../../site/lib/insights.ts";
import { defaultLocale, localePath, locales } from "../../site/lib/locale.ts";
import { indexedRoutes } from "./support/routes.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

test.use({ javaScriptEnabled: false });

test("/: JSON-LD describes the firm as a ProfessionalService", async ({ page }) => {
  await page.goto("/");
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const data = JSON.parse((await scripts.textContent()) ?? "null");
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: firm.legalName,
    alternateName: firm.name,
    description: firm.description,
    email: firm.email,
    url: `${firm.baseUrl}/`,
  });
});

test("favicon: served with 200 as image/svg+xml (every page's link to it: no-js.spec.ts)", async ({ request }) => {
  const response = await request.get("/favicon.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect((await response.text()).trimStart()).toMatch(/^<svg[\s>]/);
});

test("/sitemap.xml lists exactly the indexed routes under the firm's base URL, articles with lastmod", async ({
  request,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const document = parseDocument(await response.text(), { xmlMode: true });
  const urls = DomUtils.getElementsByTagName("url", document).map((url) => ({
    loc: DomUtils.textContent(DomUtils.getElementsByTagName("loc", url)),
    lastmod: DomUtils.getElementsByTagName("lastmod", url).map((m) => DomUtils.textContent(m))[0] ?? null,
  }));
  const locs = urls.map((url) => url.loc);
  const sitePages = ["/", "/about", "/approach", "/consultants", "/contact", "/imprint", "/privacy"];
  // Each language's pages, the default language's first (hreflang.spec.ts checks their alternates).
  const expected = locales.flatMap(({ code }) => {
    const insights = insightsOf(code);
    const paths = [...sitePages, ...insights.listPaths(), ...insights.articles.map((a) => articlePath(a.slug))];
    return paths.map((path) => `${firm.baseUrl}${localePath(code, path)}`);
  });
  expect(locs).toEqual(expected);
  expect(expected.slice(0, sitePages.length + listPaths().length + articles.length)).toEqual(
    [...sitePages, ...listPaths(), ...articles.map((a) => articlePath(a.slug))].map(
      (path) => `${firm.baseUrl}${localePath(defaultLocale, path)}`,
    ),
  );
  // Every indexed route of the route table is in it.
  for (const r of indexedRoutes) expect(locs).toContain(r.canonical);
  for (const article of articles) {
    const entry = urls.find((url) => url.loc === `${firm.baseUrl}${articlePath(article.slug)}`);
    expect(entry?.lastmod, article.slug).toBe(article.updated ?? article.date);
  }
});

test("/robots.txt allows crawling and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split(/\r?\n/);
  expect(lines).toContain(`Sitemap: ${firm.baseUrl}/sitemap.xml`);
  expect(lines).toContain("User-agent: *");
  expect(lines).not.toContain("Disallow: /");
});
