// The articles' small pure parts: heading ids, word counts, calendar days and
// which links resolve (pages, sections, list and tag pages, articles, drafts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { countWords } from "../../content/articles/body.ts";
import { isCalendarDay } from "../../content/articles/front-matter-rules.ts";
import { checkLink, type LinkTargets } from "../../content/articles/links.ts";
import { headingIds, slugify } from "../../content/articles/markdown.ts";
import { simpleFrontMatter } from "../../content/articles/simple-front-matter.ts";
import { ARTICLES_PER_PAGE } from "../../schemas/insights.ts";

describe("heading ids", () => {
  it.each([
    ["Where pipeline leaks", "where-pipeline-leaks"],
    ["Why CRM data rots (and 3 fixes)", "why-crm-data-rots-and-3-fixes"],
    ["Café à la carte", "cafe-a-la-carte"],
    ["  --Spaces & dashes--  ", "spaces-dashes"],
    ["€€€", ""],
  ])("slugify(%j) = %j", (text, id) => {
    expect(slugify(text)).toBe(id);
  });

  it("numbers duplicates and names a heading without letters", () => {
    expect(headingIds(["First touch", "First touch", "First touch-2", "€", "€"])).toEqual([
      "first-touch",
      "first-touch-2",
      "first-touch-2-2",
      "section",
      "section-2",
    ]);
  });
});

describe("countWords", () => {
  it.each([
    ["", 0],
    ["one", 1],
    ["  two   words ", 2],
    ["3x more — meetings", 3],
    ["€10M+ in verified revenue", 4],
    ["don't stop\nnow", 3],
  ])("%j has %i words", (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe("isCalendarDay", () => {
  it.each([
    ["2026-02-28", true],
    ["2026-02-29", false],
    ["2028-02-29", true],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-12-31", true],
  ])("%s: %s", (day, valid) => {
    expect(isCalendarDay(day)).toBe(valid);
  });
});

describe("checkLink", () => {
  const targets: LinkTargets = {
    anchors: { "/consultants": ["jane-doe"], "/approach": ["phase-one"] },
    tags: ["crm", "data"],
    published: new Map(
      Array.from({ length: ARTICLES_PER_PAGE + 1 }, (_, i) => [`a-${i}`, i === 0 ? ["intro"] : []] as const),
    ),
    drafts: new Set(["draft-one"]),
    tagCounts: new Map([["crm", 1]]),
  };
  const origin = { headings: ["here"], draft: false };

  it.each([
    "/",
    "/about",
    "/consultants#jane-doe",
    "/approach#phase-one",
    "/insights",
    "/insights/page/2",
    "/insights/tags/crm",
    "/insights/tags/data",
    "/insights/feed.xml",
    "/insights/a-0",
    "/insights/a-0#intro",
    "#here",
    "https://example.com/x",
    "mailto:someone@example.com",
  ])("%s resolves", (href) => {
    expect(checkLink(href, targets, origin)).toBeUndefined();
  });

  it.each([
    ["/nowhere", "the site has no page at /nowhere"],
    ["/consultants#john", "/consultants has no section #john"],
    ["/insights/page/3", "the site has no page at /insights/page/3"],
    ["/insights/page/1", "the site has no page at /insights/page/1"],
    ["/insights/tags/crm/page/2", "the site has no page at /insights/tags/crm/page/2"],
    ["/insights/tags/nope", "there is no tag nope"],
    ["/insights/a-0#outro", "/insights/a-0 has no section #outro"],
    ["/insights/draft-one", "that article is a draft"],
    ["/insights/missing", "there is no article missing"],
    ["#there", "this article has no section #there"],
    ["about", "neither a page of the site nor an https:// address"],
    ["//example.com", "neither a page of the site nor an https:// address"],
  ])("%s: %s", (href, message) => {
    const problem = checkLink(href, targets, origin);
    expect(problem?.severity).toBe("error");
    expect(problem?.message).toContain(message);
  });

  it("sections and tags of a file that has errors of its own are not checked (no cascade)", () => {
    const unknown = { ...targets, anchors: { "/consultants": null, "/approach": null }, tags: null };
    expect(checkLink("/consultants#anyone", unknown, origin)).toBeUndefined();
    expect(checkLink("/approach#any-phase", unknown, origin)).toBeUndefined();
    expect(checkLink("/insights/tags/anything", unknown, origin)).toBeUndefined();
  });

  it("a draft may link to a draft; http: is a warning", () => {
    expect(checkLink("/insights/draft-one", targets, { headings: [], draft: true })).toBeUndefined();
    expect(checkLink("http://example.com", targets, origin)?.severity).toBe("warning");
  });
});

describe("simpleFrontMatter (the fast path) reads what the YAML parser reads, or leaves it to it", () => {
  const pieces = [
    "title: Pipeline basics",
    'title: "Quoted: with a colon"',
    "title: 3x more meetings",
    "title: A # not a comment?",
    "title: a: b",
    "title: true",
    "title: null",
    "title: ~",
    "title: 0x1F",
    "title: .inf",
    "title: 'single'",
    'title: "esc\\"aped"',
    "date: 2026-10-01",
    "date: 2026-10-01 ",
    "date: 20261001",
    "draft: true",
    "draft: True",
    "draft: no",
    "tags: [crm, data]",
    "tags: []",
    "tags: [crm,data ]",
    "tags: [Crm]",
    "tags: [1, 2]",
    "tags:",
    "  - crm",
    "# a comment",
    "",
    "   ",
    "author: jonas-weber",
    "author: jonas-weber\r",
    "description: Ends with a colon:",
    "description: Tab\there",
    "description: @mention",
    "x: &a anchor",
    "y: *a",
  ];

  it("for any mix of these lines", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 6 }), (lines) => {
        const text = `   \n${lines.join("\n")}\n`;
        const fast = simpleFrontMatter(text);
        if (fast === undefined) return;
        const doc = parseDocument(text, { uniqueKeys: true, strict: true, logLevel: "silent" });
        expect(doc.errors).toEqual([]);
        expect(fast).toEqual(doc.toJS() ?? {});
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the plain form", () => {
    expect(simpleFrontMatter("   \ntitle: A\ndate: 2026-10-01\ntags: [crm, data]\ndraft: false\n")).toEqual({
      title: "A",
      date: "2026-10-01",
      tags: ["crm", "data"],
      draft: false,
    });
  });
});
