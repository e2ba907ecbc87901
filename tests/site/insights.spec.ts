// The Insights section on the built site: the Atom feed, the article head
// (JSON-LD, Open Graph article), each article's body in its HTML once and
// in no script or page data, client-side navigation, the header's section
// marking, the consultant cards' links, drafts nowhere, and unknown paths 404.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { consultants } from "../../site/generated/consultants.ts";
import { insightsTexts } from "../../site/generated/insights.ts";
import { firm, nav, ui } from "../../site/generated/site.ts";
import { articleIndex } from "../../site/lib/article-index.ts";
import { FEED_PATH, FEED_SIZE } from "../../site/lib/feed.ts";
import { articlePath, authorArticleLinks, INSIGHTS_PATH, listPaths } from "../../site/lib/insights.ts";
import { CLIENT_DIR } from "./support/budget.ts";
import { waitForHydration } from "./support/page.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

const ATOM = "http://www.w3.org/2005/Atom";
const DATA_DIR = join(import.meta.dirname, "../../data/insights");
const GENERATED_DIR = join(import.meta.dirname, "../../site/generated/articles");

/** Every file of the client build, as paths relative to dist/client. */
function builtFiles(dir = CLIENT_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(join(dir, entry.name))
      : [relative(CLIENT_DIR, join(dir, entry.name)).split("\\").join("/")],
  );
}

/** A sentence of an article's body, as plain text that HTML writes out unescaped. */
function uniqueSentence(slug: string): string {
  const text = readFileSync(join(GENERATED_DIR, `${slug}.html`), "utf8")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  const runs = (text.match(/[A-Za-z][A-Za-z ,]{40,}/g) ?? []).map((run) => run.trim().slice(0, 80));
  const unique = runs.find((run) => text.split(run).length === 2);
  if (!unique) throw new Error(`bug in the test: no plain sentence that occurs once in ${slug}`);
  return unique;
}

/** The articles data/insights/ marks `draft: true`: slug and title. */
function drafts(): { slug: string; title: string }[] {
  let names: string[];
  try {
    names = readdirSync(DATA_DIR).filter((name) => name.endsWith(".md"));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(DATA_DIR, name), "utf8"))?.[1] ?? "";
    if (!/^draft:\s*true\s*$/m.test(frontMatter)) return [];
    const title = /^title:\s*["']?(.*?)["']?\s*$/m.exec(frontMatter)?.[1] ?? "";
    return [{ slug: name.replace(/\.md$/, ""), title }];
  });
}

test("the data has published articles to show", () => {
  expect(articles.length).toBeGreaterThan(0);
});

test(`${FEED_PATH}: a valid Atom feed of the newest articles, served as Atom`, async ({ request }) => {
  const response = await request.get(FEED_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
  const document = parseDocument(await response.text(), { xmlMode: true });
  const feeds = DomUtils.getElementsByTagName("feed", document.children, false);
  expect(feeds).toHaveLength(1);
  const feed = feeds[0] as NonNullable<(typeof feeds)[0]>;
  expect(feed.attribs.xmlns).toBe(ATOM);
  const child = (parent: typeof feed, name: string) => DomUtils.getElementsByTagName(name, parent.children, false);
  const text = (parent: typeof feed, name: string) => child(parent, name).map((e) => DomUtils.textContent(e));
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
  // RFC 4287 4.1.1: exactly one id, title and updated; an author (here on the feed).
  expect(text(feed, "id")).toEqual([`${firm.baseUrl}${INSIGHTS_PATH}`]);
  expect(text(feed, "title")).toEqual([insightsTexts.feed.title]);
  expect(text(feed, "updated")).toHaveLength(1);
  expect(text(feed, "updated")[0]).toMatch(rfc3339);
  expect(child(feed, "author")).toHaveLength(1);
  const self = child(feed, "link").find((link) => link.attribs.rel === "self");
  expect(self?.attribs.href).toBe(`${firm.baseUrl}${FEED_PATH}`);

  const entries = child(feed, "entry");
  const expected = articles.slice(0, FEED_SIZE);
  expect(entries).toHaveLength(expected.length);
  for (const [i, entry] of entries.entries()) {
    const article = expected[i];
    if (!article) throw new Error("unreachable");
    const url = `${firm.baseUrl}${articlePath(article.slug)}`;
    expect(text(entry, "id")).toEqual([url]);
    expect(text(entry, "title")).toEqual([article.title]);
    expect(text(entry, "published")).toEqual([`${article.date}T00:00:00Z`]);
    expect(text(entry, "updated")).toEqual([`${article.updated ?? article.date}T00:00:00Z`]);
    expect(text(entry, "summary")).toEqual([article.description]);
    const author = child(entry, "author")[0];
    expect(author && text(author, "name")).toEqual([consultants.find((c) => c.slug === article.author)?.name]);
    const alternate = child(entry, "link").find((link) => link.attribs.rel === "alternate");
    expect(alternate?.attribs.href).toBe(url);
    expect(child(entry, "category").map((c) => c.attribs.term)).toEqual([...article.tags]);
  }
});

test("the Insights pages link the feed in their head; other pages do not", async ({ page }) => {
  for (const path of [INSIGHTS_PATH, ...listPaths().slice(1, 2), articlePath(articles[0]?.slug ?? "")]) {
    await page.goto(path);
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternate, path).toHaveAttribute("href", FEED_PATH);
  }
  await page.goto("/about");
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0);
});

for (const article of articles) {
  test(`${articlePath(article.slug)}: Article JSON-LD and Open Graph article tags`, async ({ page }) => {
    await page.goto(articlePath(article.slug));
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const author = consultants.find((c) => c.slug === article.author);
    expect(JSON.parse((await scripts.textContent()) ?? "null")).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      author: { "@type": "Person", name: author?.name },
      datePublished: article.date,
      dateModified: article.updated ?? article.date,
      url: `${firm.baseUrl}${articlePath(article.slug)}`,
    });
    const meta = (property: string) => page.locator(`head meta[property="${property}"]`);
    await expect(meta("og:type")).toHaveAttribute("content", "article");
    await expect(meta("article:published_time")).toHaveAttribute("content", article.date);
    await expect(meta("article:author")).toHaveAttribute("content", `${firm.baseUrl}/consultants#${article.author}`);
    await expect(meta("article:tag")).toHaveCount(article.tags.length);
  });

  test(`${articlePath(article.slug)}: the body is in the page's HTML once, in no script or page data`, () => {
    const sentence = uniqueSentence(article.slug);
    const files = builtFiles();
    const occurrences = (file: string) => readFileSync(join(CLIENT_DIR, file), "utf8").split(sentence).length - 1;
    expect(occurrences(`insights/${article.slug}/index.html`), sentence).toBe(1);
    const elsewhere = files.filter((file) => /\.(?:js|mjs|json)$/.test(file)).filter((file) => occurrences(file) > 0);
    expect(elsewhere).toEqual([]);
  });
}

test("an article keeps its body through hydration and after client-side navigation", async ({ page }) => {
  const [first, second] = articles;
  if (!first) throw new Error("no article");
  await page.goto(articlePath(first.slug));
  await waitForHydration(page);
  const body = page.locator("main .article-body");
  await expect(body).toContainText(uniqueSentence(first.slug));
  // A client-side navigation (Vike's router) to the list, then to another article.
  const insightsLabel = nav.find((link) => link.href === INSIGHTS_PATH)?.label ?? "";
  await page.getByRole("banner").getByRole("link", { name: insightsLabel, exact: true }).click();
  await expect(page).toHaveURL(INSIGHTS_PATH);
  const target = second ?? first;
  await page.getByRole("link", { name: target.title, exact: true }).first().click();
  await expect(page).toHaveURL(articlePath(target.slug));
  await expect(page.locator("h1")).toHaveText(target.title);
  await expect(body).toContainText(uniqueSentence(target.slug));
  await page.goBack();
  await expect(page).toHaveURL(INSIGHTS_PATH);
  await page.goBack();
  await expect(page.locator("main .article-body")).toContainText(uniqueSentence(first.slug));
});

test("the header's Insights link is the current page on /insights and the current section on an article", async ({
  page,
}) => {
  const insights = nav.find((link) => link.href === INSIGHTS_PATH);
  expect(insights, "data/site.yaml: a nav link to /insights").toBeDefined();
  const link = page.getByRole("navigation", { name: ui.mainNav }).getByRole("link", { name: insights?.label });
  await page.goto(INSIGHTS_PATH);
  await expect(link).toHaveAttribute("aria-current", "page");
  await page.goto(articlePath(articles[0]?.slug ?? ""));
  await expect(link).toHaveAttribute("aria-current", "true");
  await page.goto("/about");
  await expect(link).not.toHaveAttribute("aria-current");
});

test("/consultants: each card of a consultant with articles links to them", async ({ page }) => {
  await page.goto("/consultants");
  const links = authorArticleLinks();
  for (const consultant of consultants) {
    const card = page.locator(`article#${consultant.slug}`);
    const link = links[consultant.slug];
    const firstName = consultant.name.split(/\s+/)[0] ?? "";
    const label = `${insightsTexts.labels.moreFrom} ${firstName}`;
    if (link) await expect(card.getByRole("link", { name: label })).toHaveAttribute("href", link.href);
    else await expect(card.getByRole("link")).toHaveCount(0);
  }
});

test("drafts appear nowhere in the build: no page, not listed, not in the feed or the sitemap", async ({ request }) => {
  const files = builtFiles();
  // The shipped data keeps a draft (data/insights/territory-planning.md), so this checks something.
  expect(drafts().length, "drafts in data/insights/").toBeGreaterThan(0);
  for (const { slug, title } of drafts()) {
    expect(articles.map((a) => a.slug)).not.toContain(slug);
    expect((await request.get(articlePath(slug))).status(), slug).toBe(404);
    expect(files.filter((file) => file.startsWith(`insights/${slug}/`))).toEqual([]);
    const mentions = files
      .filter((file) => /\.(?:html|xml|json|js|txt)$/.test(file))
      .filter((file) => {
        const text = readFileSync(join(CLIENT_DIR, file), "utf8");
        return text.includes(`/insights/${slug}`) || (title.length > 0 && text.includes(title));
      });
    expect(mentions, `files mentioning draft ${slug}`).toEqual([]);
  }
});

test("unknown Insights paths answer 404", async ({ request }) => {
  for (const path of [
    "/insights/no-such-article",
    "/insights/page/1",
    "/insights/page/999",
    "/insights/tags/no-such-tag",
    "/insights/tags",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
