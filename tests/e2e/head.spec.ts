// What crawlers and link previews read: the pre-rendered <head> of each
// route (JavaScript off, so nothing is added after load), the favicon,
// sitemap.xml and robots.txt.
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { imageSize } from "image-size";
import { firm } from "../../site/generated/site.ts";
import { articleIndex } from "../../site/lib/article-index.ts";
import { articlePath, insightsOf, listPaths } from "../../site/lib/insights.ts";
import { defaultLocale, localePath, locales } from "../../site/lib/locale.ts";
import { indexedRoutes, routes } from "./support/routes.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

test.use({ javaScriptEnabled: false });

const meta = (selector: string) => `head meta[${selector}]`;

for (const r of routes) {
  test(`${r.path}: title, description, canonical, Open Graph and Twitter tags`, async ({ page }) => {
    await page.goto(r.path);
    const head = page.locator("head");
    await expect(head.locator("title")).toHaveCount(1);
    await expect(page).toHaveTitle(r.title);
    await expect(page.locator(meta('name="description"'))).toHaveAttribute("content", r.description);
    await expect(page.locator(meta('property="og:title"'))).toHaveAttribute("content", r.title);
    await expect(page.locator(meta('property="og:description"'))).toHaveAttribute("content", r.description);
    await expect(page.locator(meta('property="og:type"'))).toHaveAttribute("content", r.ogType ?? "website");
    await expect(page.locator(meta('name="twitter:card"'))).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator("html")).toHaveAttribute("lang", firm.locale);
    const canonical = head.locator('link[rel="canonical"]');
    if (r.canonical === null) {
      // The not-found page claims no URL.
      await expect(canonical).toHaveCount(0);
      await expect(page.locator(meta('property="og:url"'))).toHaveCount(0);
    } else {
      await expect(canonical).toHaveCount(1);
      await expect(canonical).toHaveAttribute("href", r.canonical);
      await expect(page.locator(meta('property="og:url"'))).toHaveAttribute("content", r.canonical);
    }
    if (r.index) await expect(page.locator(meta('name="robots"'))).toHaveCount(0);
    else await expect(page.locator(meta('name="robots"'))).toHaveAttribute("content", "noindex");
  });
}

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

test("JSON-LD is only on the home page and the articles (insights.spec.ts)", async ({ page }) => {
  for (const r of routes.filter((r) => r.path !== "/" && !r.article)) {
    await page.goto(r.path);
    await expect(page.locator('script[type="application/ld+json"]'), r.path).toHaveCount(0);
  }
});

test("every page's og:image is a built 1200×630 PNG with alt text, and an article's JSON-LD image is the same file", async ({
  page,
  request,
}) => {
  for (const r of routes) {
    await page.goto(r.path);
    const url = await page.locator(meta('property="og:image"')).getAttribute("content");
    expect(url, r.path).toMatch(
      new RegExp(`^${firm.baseUrl.replace(/\./g, "\\.")}/cards/[a-z0-9-]+-[0-9a-f]{8}\\.png$`),
    );
    const path = new URL(url ?? "").pathname;
    await expect(page.locator(meta('property="og:image:width"')), r.path).toHaveAttribute("content", "1200");
    await expect(page.locator(meta('property="og:image:height"')), r.path).toHaveAttribute("content", "630");
    expect(await page.locator(meta('property="og:image:alt"')).getAttribute("content"), r.path).toBeTruthy();
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toBe("image/png");
    const size = imageSize(await response.body());
    expect([size.type, size.width, size.height], path).toEqual(["png", 1200, 630]);
    if (r.article) {
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
      expect(data.image, r.path).toBe(url);
    }
  }
});

test("favicon: an SVG link, served with 200 as image/svg+xml", async ({ page, request }) => {
  for (const r of routes) {
    await page.goto(r.path);
    const icon = page.locator('head link[rel="icon"]');
    await expect(icon, r.path).toHaveAttribute("type", "image/svg+xml");
    await expect(icon, r.path).toHaveAttribute("href", "/favicon.svg");
  }
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
