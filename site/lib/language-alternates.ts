// Environment: server (build time). The one map of which page translates
// which (docs/i18n.md, C3): every page a language has, by its path in the
// default language ("/about" is /about in English and /de/about in German).
// hreflang, canonical, og:locale alternates, the sitemap's xhtml:link and the
// language switcher all read it, so they agree, are reciprocal by
// construction, and name only pages that exist.
import { noted } from "./build-reads.ts";
import { content } from "./content.ts";
import { insightsOf, listPath } from "./insights.ts";
import { defaultLocale, type Locale, localePath, locales } from "./locale.ts";

export interface Alternate {
  locale: Locale;
  /** The page's address in that language ("/de/about"). */
  path: string;
}

/** The paths of every indexed page of one language, as paths of the default language. */
export function pagePaths(locale: Locale): string[] {
  const staticPages = content(locale)
    .site.pages.filter((page) => !("index" in page) || page.index !== false)
    .map((page) => page.path as string);
  const insights = insightsOf(locale);
  const articles = insights.articles.map((article) => `/insights/${article.slug}`);
  return [...staticPages, ...insights.listPaths().filter((p) => !staticPages.includes(p)), ...articles];
}

let cached: Map<string, Locale[]> | null = null;

/**
 * path → the languages that have it, in data/locales.yaml's order. Checked
 * once: no language lists a page twice, and a translated page always has
 * its original in the default language (the content side's rules make both
 * true; this says "bug" if not).
 */
export function translationMap(): Map<string, Locale[]> {
  // Every page reads the map (its alternates, the language switcher): noted on each call, though made once.
  return noted(["paths"], () => cached ?? makeTranslationMap());
}

function makeTranslationMap(): Map<string, Locale[]> {
  const map = new Map<string, Locale[]>();
  for (const { code } of locales) {
    const seen = new Set<string>();
    for (const path of pagePaths(code)) {
      if (seen.has(path)) throw new Error(`bug: ${code} lists the page ${path} twice`);
      seen.add(path);
      const list = map.get(path) ?? [];
      list.push(code);
      map.set(path, list);
    }
  }
  for (const [path, list] of map) {
    if (!list.includes(defaultLocale))
      throw new Error(`bug: ${path} exists in ${list.join(", ")} but not in ${defaultLocale}`);
  }
  cached = map;
  return map;
}

/** Whether the page at `path` (a default-language path) exists in `locale`. */
export function exists(locale: Locale, path: string): boolean {
  return translationMap().get(path)?.includes(locale) ?? false;
}

/**
 * The page's versions (itself included) when it has at least one
 * translation; none when it exists in one language only, or is not indexed
 * (a page with no translation gets no alternate).
 */
export function alternates(path: string): Alternate[] {
  const list = translationMap().get(path) ?? [];
  if (list.length < 2) return [];
  return list.map((locale) => ({ locale, path: localePath(locale, path) }));
}

export interface SwitchTarget {
  locale: Locale;
  /** Where the switcher leads: the same page in that language, or the nearest that exists. */
  path: string;
  /** False when the same page does not exist in that language and `path` is the nearest one. */
  exact: boolean;
}

/**
 * Where the language switcher leads from the page at `path`: for each other
 * language the same page, or the nearest that exists there (an untranslated
 * article → that language's Insights list; else up the path; else home).
 */
export function switchTargets(current: Locale, path: string): SwitchTarget[] {
  return locales
    .filter((l) => l.code !== current)
    .map(({ code }) => {
      if (exists(code, path) || existsUnindexed(code, path))
        return { locale: code, path: localePath(code, path), exact: true };
      return { locale: code, path: localePath(code, nearest(code, path)), exact: false };
    });
}

function existsUnindexed(locale: Locale, path: string): boolean {
  return content(locale).site.pages.some((page) => page.path === path);
}

function nearest(locale: Locale, path: string): string {
  if (path.startsWith("/insights/")) return listPath(null, 1);
  const parts = path.split("/").filter(Boolean);
  while (parts.length > 0) {
    parts.pop();
    const candidate = `/${parts.join("/")}`;
    if (exists(locale, candidate)) return candidate;
  }
  return "/";
}
