// A page in another language shows nothing of the default language's form:
// no date written the English way ("23 November 2026", "November 23, 2026")
// and no link to a page of the default language, except the language
// switcher's. Read from dist/client (no browser: the HTML as the build wrote
// it), over every built page of every other language (support/languages.ts,
// the list html-validity.spec.ts holds the build to), 404 pages included.
//
// And the other way round: a page of the default language loads no other
// language's texts with its first script (site/lib/content/site.ts): no text
// of the other languages' data is in the JavaScript it loads before any
// interaction.
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { builtPages, firstLoadAssets, readBuilt, routeOf, staticImportClosure } from "../../scripts/lib/first-load.js";
import { firm } from "../../site/generated/site.ts";
import { siteByLocale } from "../../site/lib/content/site.ts";
import { content } from "../../site/lib/content.ts";
import { defaultLocale, type Locale, localeInfo, locales, splitLocale } from "../../site/lib/locale.ts";
import { otherLanguageFiles } from "./support/languages.ts";

type Node = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const defaultIntl = localeInfo(defaultLocale).intl;
/** The default language's month names, from Intl: "January" … "December". */
const months = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat(defaultIntl, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2026, month, 1))),
).join("|");
/** "23 November 2026" (en-GB) and "November 23, 2026" (en-US); a German "23. November 2026" has its dot. */
const ENGLISH_DATE = new RegExp(`\\b(?:\\d{1,2} (?:${months}) \\d{4}|(?:${months}) \\d{1,2}, \\d{4})\\b`);

/** Attributes whose values a person reads or hears. */
const READ_ATTRIBUTES = ["content", "alt", "title", "aria-label", "placeholder"];

const isElement = (node: Node): node is Element => "attribs" in node;

function inside(node: Node, test: (element: Element) => boolean): boolean {
  for (let at = node.parent; at; at = at.parent) if (isElement(at as Node) && test(at as Element)) return true;
  return false;
}

/** Every text a reader meets on the page: text outside scripts and styles, and read attributes. */
function readTexts(document: ReturnType<typeof parseDocument>): string[] {
  const texts = DomUtils.filter((n) => n.type === "text", document.children)
    .filter((n) => !inside(n as Node, (e) => e.name === "script" || e.name === "style"))
    .map((n) => ("data" in n ? n.data : ""));
  const attributes = DomUtils.findAll(() => true, document.children).flatMap((e) =>
    READ_ATTRIBUTES.flatMap((name) => (e.attribs[name] === undefined ? [] : [e.attribs[name]])),
  );
  return [...texts, ...attributes];
}

/** A page of the site in the default language: an internal page path without another language's prefix. */
function defaultLanguagePage(href: string, file: string): string | undefined {
  const url = new URL(href, `${firm.baseUrl}/${file}`);
  if (url.origin !== new URL(firm.baseUrl).origin) return undefined;
  if (/^\/(?:api\/|images\/|assets\/|favicon)|\.[a-z]+$/.test(url.pathname)) return undefined; // files, not pages
  return splitLocale(url.pathname).locale === defaultLocale ? url.pathname : undefined;
}

test("the other languages have pages to check", () => {
  expect(otherLanguageFiles.length).toBeGreaterThan(10);
});

for (const file of otherLanguageFiles) {
  test(`${file}: no date in English form, no link to an English page but the switcher's`, () => {
    const locale = splitLocale(`/${file}`).locale;
    const document = parseDocument(readBuilt(file).toString("utf8"));
    const html = DomUtils.findOne((e) => e.name === "html", document.children);
    expect(html?.attribs.lang).toBe(locale);

    const dates = readTexts(document).flatMap((text) => text.match(ENGLISH_DATE)?.[0] ?? []);
    expect(dates, "dates in English form").toEqual([]);

    const switcher = siteByLocale[locale].ui.languages;
    const links = DomUtils.findAll((e) => e.name === "a" && e.attribs.href !== undefined, document.children);
    const isSwitcher = (e: Element) => e.name === "nav" && e.attribs["aria-label"] === switcher;
    const switcherLinks = links.filter((a) => inside(a as Node, isSwitcher));
    const leaks = links
      .filter((a) => !inside(a as Node, isSwitcher))
      .flatMap((a) => {
        const target = defaultLanguagePage(a.attribs.href ?? "", file);
        return target ? [`${a.attribs.href} (${DomUtils.textContent(a).trim()})`] : [];
      });
    expect(leaks, "links to pages of the default language").toEqual([]);
    // The exception is real: the switcher is there, and it does lead to the default language.
    expect(switcherLinks.some((a) => defaultLanguagePage(a.attribs.href ?? "", file))).toBe(true);
  });
}

/** Every string in `value`, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The texts of a language's data that the default language's data does not
 * have: each generated module of `locale` (site/lib/content.ts), its strings
 * not found in the default language's, long enough to be a text of its own
 * (not "Name" or "E-Mail").
 */
function ownTexts(locale: Locale): string[] {
  const theirs = new Set(strings(content(defaultLocale)));
  return [...new Set(strings(content(locale)))].filter((text) => text.length >= 12 && !theirs.has(text));
}

/** The forms a text takes in minified JavaScript: as is, or with its non-ASCII characters escaped. */
function inScript(text: string): string[] {
  const escaped = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return escaped === text ? [text] : [text, escaped];
}

test("a page of the default language loads no other language's texts before any interaction", () => {
  const others = locales.filter((l) => l.code !== defaultLocale).map((l) => l.code);
  const foreign = others.flatMap(ownTexts);
  // Real texts of the data: the German site texts among them (the header's menu button).
  expect(foreign.length).toBeGreaterThan(50);
  for (const code of others) expect(foreign).toContain(content(code).site.firm.description);
  const pages = builtPages().filter((file) => splitLocale(`/${file}`).locale === defaultLocale);
  expect(pages.length).toBeGreaterThan(20);
  const found: string[] = [];
  const checked = new Map<string, string[]>();
  for (const file of pages) {
    const { scripts } = firstLoadAssets(readBuilt(file).toString("utf8"));
    for (const url of staticImportClosure(scripts)) {
      if (!checked.has(url)) {
        const code = readBuilt(url.slice(1)).toString("utf8");
        checked.set(
          url,
          foreign.filter((text) => inScript(text).some((form) => code.includes(form))),
        );
      }
      const texts = checked.get(url) ?? [];
      if (texts.length > 0) found.push(`${routeOf(file)}: ${url} has ${texts.length} such texts, "${texts[0]}" …`);
    }
  }
  expect(checked.size).toBeGreaterThan(10);
  expect(found).toEqual([]);
});
