// The languages' links between pages, read from every built page and the
// sitemap in dist/client (no browser: what crawlers read). Each page that has
// a translation names itself, each translation and x-default; the links are
// absolute, reciprocal and point only at pages that were built; the sitemap
// carries the same alternates; <html lang>, canonical and og:locale agree
// with the page's language. Expected values come from data/locales.yaml.
import { expect, test } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { builtPages, readBuilt } from "../../scripts/lib/first-load.js";
import { firm } from "../../site/generated/site.ts";
import { defaultLocale, localeInfo, locales, splitLocale } from "../../site/lib/locale.ts";

interface PageHead {
  url: string;
  lang: string;
  canonical: string | null;
  /** hreflang → absolute URL, in document order. */
  alternates: [string, string][];
  ogLocale: string | null;
  ogAlternates: string[];
  noindex: boolean;
}

const urlOf = (file: string) => {
  const path = `/${file.replace(/(^|\/)index\.html$/, "")}`.replace(/\/$/, "");
  return `${firm.baseUrl}${path === "" ? "/" : path}`;
};

function readHead(file: string): PageHead {
  const document = parseDocument(readBuilt(file).toString("utf8"));
  const html = DomUtils.findOne((e) => e.name === "html", document.children);
  const links = DomUtils.findAll((e) => e.name === "link", document.children);
  const metas = DomUtils.findAll((e) => e.name === "meta", document.children);
  const property = (name: string) =>
    metas.filter((m) => m.attribs.property === name).map((m) => m.attribs.content ?? "");
  return {
    url: urlOf(file),
    lang: html?.attribs.lang ?? "",
    canonical: links.find((l) => l.attribs.rel === "canonical")?.attribs.href ?? null,
    alternates: links
      .filter((l) => l.attribs.rel === "alternate" && l.attribs.hreflang)
      .map((l) => [l.attribs.hreflang ?? "", l.attribs.href ?? ""]),
    ogLocale: property("og:locale")[0] ?? null,
    ogAlternates: property("og:locale:alternate"),
    noindex: metas.some((m) => m.attribs.name === "robots" && /noindex/.test(m.attribs.content ?? "")),
  };
}

const pages = builtPages().filter((file) => file.endsWith("index.html"));
const heads = new Map(pages.map((file) => [urlOf(file), readHead(file)]));

test("every language has its pages built, and each page says its language", () => {
  for (const { code } of locales) {
    const home = code === defaultLocale ? `${firm.baseUrl}/` : `${firm.baseUrl}${localeInfo(code).pathPrefix}`;
    expect(heads.has(home), `${code} home page`).toBe(true);
  }
  for (const head of heads.values()) {
    const { locale } = splitLocale(new URL(head.url).pathname);
    expect.soft(head.lang, head.url).toBe(locale);
    expect.soft(head.ogLocale, head.url).toBe(localeInfo(locale).ogLocale);
    if (!head.noindex) expect.soft(head.canonical, `${head.url}: canonical is itself`).toBe(head.url);
  }
});

test("hreflang: self, each translation and x-default; absolute, reciprocal, only to built pages", () => {
  let linked = 0;
  for (const head of heads.values()) {
    if (head.alternates.length === 0) continue;
    linked += 1;
    const byLang = new Map(head.alternates);
    expect.soft(byLang.size, `${head.url}: no hreflang twice`).toBe(head.alternates.length);
    const { locale } = splitLocale(new URL(head.url).pathname);
    expect.soft(byLang.get(locale), `${head.url}: names itself`).toBe(head.url);
    expect
      .soft(byLang.get("x-default"), `${head.url}: x-default is the ${defaultLocale} page`)
      .toBe(byLang.get(defaultLocale));
    const languages = [...byLang.keys()].filter((lang) => lang !== "x-default");
    expect.soft(languages.length, `${head.url}: a translation besides itself`).toBeGreaterThan(1);
    for (const [lang, href] of byLang) {
      expect
        .soft(href.startsWith(`${firm.baseUrl}/`) || href === firm.baseUrl, `${head.url} → ${href}: absolute`)
        .toBe(true);
      const target = heads.get(href);
      expect.soft(target, `${head.url} → ${lang} ${href}: a built page`).toBeDefined();
      if (!target) continue;
      expect.soft(target.lang, `${href}: in ${lang}`).toBe(lang === "x-default" ? defaultLocale : lang);
      expect.soft(target.noindex, `${href}: indexed`).toBe(false);
      expect.soft(new Map(target.alternates), `${href} links back to the same set as ${head.url}`).toEqual(byLang);
    }
    const others = languages.filter((lang) => lang !== locale).map((lang) => localeInfo(lang as never).ogLocale);
    expect.soft(head.ogAlternates.sort(), `${head.url}: og:locale:alternate`).toEqual(others.sort());
  }
  // The shipped site translates pages: a test that found no link would prove nothing.
  expect(linked).toBeGreaterThan(locales.length);
});

test("the sitemap lists every indexed page of every language, with the same alternates as the page", () => {
  const document = parseDocument(readBuilt("sitemap.xml").toString("utf8"), { xmlMode: true });
  const entries = DomUtils.getElementsByTagName("url", document).map((url) => ({
    loc: DomUtils.textContent(DomUtils.getElementsByTagName("loc", url)),
    alternates: DomUtils.getElementsByTagName("xhtml:link", url).map(
      (link) => [link.attribs.hreflang ?? "", link.attribs.href ?? ""] as [string, string],
    ),
  }));
  const locs = entries.map((entry) => entry.loc);
  expect(new Set(locs).size, "no page listed twice").toBe(locs.length);
  const indexed = [...heads.values()].filter((head) => !head.noindex).map((head) => head.url);
  expect([...locs].sort()).toEqual(indexed.sort());
  for (const entry of entries) {
    const head = heads.get(entry.loc);
    expect.soft(head, `${entry.loc}: built`).toBeDefined();
    expect
      .soft(new Map(entry.alternates), `${entry.loc}: the page's own hreflang links`)
      .toEqual(new Map(head?.alternates ?? []));
  }
});
