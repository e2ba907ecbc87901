// The Insights section's page rules (site/lib/insights.ts and feed.ts): list
// paths and pages, related articles, the nav's section marking, the Atom feed.
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { currentness } from "../../site/components/NavLink.tsx";
import type { ArticleSummary } from "../../site/generated/insights.ts";
import { insightTags } from "../../site/generated/insights.ts";
import { articleIndex } from "../../site/lib/article-index.ts";
import { atomFeed, FEED_SIZE, insightsSitemapEntries } from "../../site/lib/feed.ts";
import {
  articlesTagged,
  fill,
  listPath,
  listPaths,
  PAGE_SIZE,
  pageCount,
  RELATED_COUNT,
  related,
} from "../../site/lib/insights.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

function summary(slug: string, tags: string[], date: string): ArticleSummary {
  return {
    slug,
    title: slug,
    description: slug,
    date,
    updated: null,
    author: articles[0]?.author ?? "",
    tags,
    readingMinutes: 1,
    words: 100,
    headings: [],
  };
}

describe("list pages", () => {
  it("page 1 is the section's own path; later pages add /page/<n>", () => {
    expect(listPath(null, 1)).toBe("/insights");
    expect(listPath(null, 2)).toBe("/insights/page/2");
    expect(listPath("crm", 1)).toBe("/insights/tags/crm");
    expect(listPath("crm", 3)).toBe("/insights/tags/crm/page/3");
  });

  it("has one page when empty, and as many as PAGE_SIZE needs", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
  });

  it("lists /insights first and a page for every tag with an article, none for an empty tag", () => {
    const paths = listPaths();
    expect(paths[0]).toBe("/insights");
    for (const tag of insightTags) {
      expect(paths.includes(`/insights/tags/${tag.slug}`)).toBe(articlesTagged(tag.slug).length > 0);
    }
  });

  it("fills {placeholders} and leaves unknown ones", () => {
    expect(fill("Page {page} of {pages}", { page: 2, pages: 5 })).toBe("Page 2 of 5");
    expect(fill("Articles on {tag} {x}", { tag: "CRM" })).toBe("Articles on CRM {x}");
  });
});

describe("related articles", () => {
  const all = [
    summary("a", ["crm", "metrics"], "2026-05-01"),
    summary("b", ["outbound"], "2026-04-01"),
    summary("c", ["crm"], "2026-03-01"),
    summary("d", ["crm", "metrics"], "2026-02-01"),
    summary("e", ["metrics"], "2026-01-01"),
    summary("f", ["strategy"], "2025-12-01"),
  ];
  const slugs = (list: ArticleSummary[]) => list.map((a) => a.slug);

  it("ranks by shared tags, then by recency, never the article itself", () => {
    expect(slugs(related(all[0] as ArticleSummary, all))).toEqual(["d", "c", "e"]);
  });

  it("fills up with the newest others when too few share a tag", () => {
    expect(slugs(related(all[1] as ArticleSummary, all))).toEqual(["a", "c", "d"]);
  });

  it("gives what there is when there are fewer articles than RELATED_COUNT", () => {
    expect(related(all[0] as ArticleSummary, all.slice(0, 2))).toHaveLength(1);
    expect(RELATED_COUNT).toBe(3);
  });

  it("matches comparing every pair, on a larger synthetic list", () => {
    const tags = insightTags.map((t) => t.slug);
    const many = Array.from({ length: 300 }, (_, i) =>
      summary(`s${i}`, [tags[i % tags.length] as string, tags[(i * 3 + 1) % tags.length] as string], "2026-01-01"),
    );
    for (const article of many.slice(0, 40)) {
      const brute = many
        .map((other, index) => ({ other, index }))
        .filter(({ other }) => other !== article)
        .map(({ other, index }) => ({
          other,
          index,
          shared: other.tags.filter((t) => article.tags.includes(t)).length,
        }))
        .sort((x, y) => y.shared - x.shared || x.index - y.index)
        .slice(0, RELATED_COUNT)
        .map(({ other }) => other.slug);
      expect(slugs(related(article, many))).toEqual(brute);
    }
  });
});

describe("header navigation", () => {
  it("marks the page itself, and the section below it except for the home page", () => {
    expect(currentness("/insights", "/insights")).toBe("page");
    expect(currentness("/insights", "/insights/crm-hygiene")).toBe("true");
    expect(currentness("/insights", "/insightsx")).toBeUndefined();
    expect(currentness("/", "/about")).toBeUndefined();
    expect(currentness("#", "/")).toBeUndefined();
  });
});

describe("feed and sitemap", () => {
  it("the Atom feed has the newest articles with the elements RFC 4287 requires", () => {
    const document = parseDocument(atomFeed(), { xmlMode: true });
    const feed = DomUtils.getElementsByTagName("feed", document.children, false)[0];
    if (!feed) throw new Error("no <feed>");
    const entries = DomUtils.getElementsByTagName("entry", feed.children, false);
    expect(entries).toHaveLength(Math.min(articles.length, FEED_SIZE));
    for (const entry of entries) {
      for (const name of ["id", "title", "updated", "published", "author", "summary", "link"]) {
        expect(DomUtils.getElementsByTagName(name, entry.children, false).length, name).toBeGreaterThan(0);
      }
    }
  });

  it("escapes what XML needs escaped", () => {
    const xml = atomFeed([{ ...summary("x", ["crm"], "2026-01-01"), title: 'A & B <"C">' }]);
    expect(xml).toContain("<title>A &amp; B &lt;&quot;C&quot;&gt;</title>");
    expect(() => parseDocument(xml, { xmlMode: true })).not.toThrow();
  });

  it("the sitemap lists every article with its last change", () => {
    const entries = insightsSitemapEntries();
    for (const article of articles) {
      expect(entries).toContainEqual({ path: `/insights/${article.slug}`, lastmod: article.updated ?? article.date });
    }
  });
});
