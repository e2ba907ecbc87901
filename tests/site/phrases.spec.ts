// Phrase markers in the built site (docs/i18n.md §7), read from dist/client
// (no browser: what screen readers, crawlers and feed readers get). In the
// English pages each word of FOREIGN_WORDS in the text sits inside an element
// of its language; no page, feed, sitemap or head shows a raw marker; the
// plain-text places (title, meta, JSON-LD) keep the words.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { FOREIGN_WORDS, plainText } from "../../schemas/phrases.ts";
import { builtPages, readBuilt } from "../../scripts/lib/first-load.js";
import { hero } from "../../site/generated/about.ts";
import { pages } from "../../site/generated/site.ts";
import { defaultLocale } from "../../site/lib/locale.ts";

const CLIENT = join(import.meta.dirname, "..", "..", "dist", "client");
const RAW_MARKER = /\]\{\s*lang\s*=/;

/**
 * Every text file the build writes that a person or a program reads: pages,
 * feeds, sitemaps, manifests. Not a page's data for the browser
 * (*.pageContext.json, and its copy in the page's vike_pageContext script):
 * the components render the markers in it.
 */
function builtTexts(dir = CLIENT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : builtTexts(path);
    const read = /\.(html|xml|json|txt|webmanifest)$/.test(entry.name) && !entry.name.endsWith(".pageContext.json");
    return read ? [relative(CLIENT, path).split(sep).join("/")] : [];
  });
}

const PAGE_DATA = /<script id="vike_(?:page|global)Context" type="application\/json">[\s\S]*?<\/script>/g;

type Node = ReturnType<typeof parseDocument>["children"][number];

/** The language a text is in: the lang of its nearest element that has one. */
function langOf(node: Node): string | undefined {
  for (let at: Node | null = node.parent; at; at = at.parent) {
    if ("attribs" in at && at.attribs.lang) return at.attribs.lang;
  }
  return undefined;
}

test("no built page, feed or sitemap shows a raw phrase marker", () => {
  const files = builtTexts();
  expect(files.some((f) => f.endsWith("feed.xml"))).toBe(true);
  for (const file of files) {
    const text = readBuilt(file).toString("utf8").replace(PAGE_DATA, "");
    const at = text.search(RAW_MARKER);
    expect.soft(at, `${file}: ${text.slice(Math.max(0, at - 60), at + 20)}`).toBe(-1);
  }
});

test("in English pages, each foreign word in the text is in an element of its language", () => {
  let marked = 0;
  for (const file of builtPages()) {
    const document = parseDocument(readBuilt(file).toString("utf8"));
    const html = DomUtils.findOne((e) => e.name === "html", document.children);
    if (html?.attribs.lang !== defaultLocale) continue;
    const body = DomUtils.findOne((e) => e.name === "body", document.children);
    const texts = DomUtils.filter((n) => n.type === "text", body ? [body] : []).filter(
      (t) => !(t.parent && "name" in t.parent && ["script", "style"].includes(t.parent.name)),
    );
    for (const { word, lang } of FOREIGN_WORDS) {
      for (const node of texts) {
        const text = "data" in node ? node.data : "";
        if (!new RegExp(`\\b${word}\\b`, "i").test(text)) continue;
        expect.soft(langOf(node), `${file}: "${text.trim()}"`).toBe(lang);
        if (langOf(node) === lang) marked++;
      }
    }
  }
  // The shipped English texts use the word (home, about: heading, lead, call to action).
  expect(marked).toBeGreaterThanOrEqual(4);
});

test("the plain-text places keep the words of a marked phrase", () => {
  const about = parseDocument(readBuilt("about/index.html").toString("utf8"));
  const description = DomUtils.findOne((e) => e.name === "meta" && e.attribs.name === "description", about.children)
    ?.attribs.content;
  const page = pages.find((p) => p.path === "/about");
  expect(page?.description).toContain("]{lang=de}");
  expect(description).toBe(plainText(page?.description ?? ""));
  const heading = DomUtils.findOne((e) => e.name === "h1", about.children);
  expect(hero.heading).toContain("]{lang=de}");
  expect(heading && DomUtils.textContent(heading)).toBe(plainText(hero.heading));
  expect(heading && DomUtils.findOne((e) => e.name === "span" && e.attribs.lang === "de", [heading])).toBeTruthy();
});
