// Each other language's pages (German under /de/), from the data of that
// language: its site pages (data/site.yaml's routes), its Insights list and
// tag pages and its articles, and its 404 page. html-validity.spec.ts checks
// that the build holds exactly these, so a test that runs over them covers
// every page of every language without a second list.
import { plainText } from "../../../schemas/phrases.ts";
import { content } from "../../../site/lib/content.ts";
import { articlePath, insightsOf } from "../../../site/lib/insights.ts";
import { defaultLocale, type Locale, localePath, locales } from "../../../site/lib/locale.ts";

export interface LanguagePage {
  locale: Locale;
  /** The path requested, with the language's prefix: "/de/about". */
  path: string;
  /** The same page's path in the default language: "/about". */
  base: string;
  /** The built file served for it, relative to dist/client. */
  file: string;
  /** The page's <title>, where the data says it directly (site pages and articles). */
  title?: string;
  /** The h1 of an article. */
  h1?: string;
}

const fileOf = (path: string) => `${path.slice(1)}/index.html`;

function pagesOf(locale: Locale): LanguagePage[] {
  const insights = insightsOf(locale);
  const at = (base: string, extra: Partial<LanguagePage> = {}): LanguagePage => {
    const path = localePath(locale, base);
    return { locale, path, base, file: fileOf(path), ...extra };
  };
  return [
    ...content(locale).site.pages.map((page) => at(page.path, { title: plainText(page.title) })),
    ...insights.listPaths().map((path) => at(path)),
    ...insights.articles.map((article) =>
      at(articlePath(article.slug), { title: plainText(article.title), h1: plainText(article.title) }),
    ),
  ];
}

/** The languages other than the default. */
export const otherLocales: Locale[] = locales.map((l) => l.code).filter((code) => code !== defaultLocale);

/** Every page of every other language, in the order of the data. */
export const otherLanguagePages: LanguagePage[] = otherLocales.flatMap(pagesOf);

/** Each other language's 404 page: what an unknown address under its prefix gets. */
export const otherLanguageNotFound = otherLocales.map((locale) => ({
  locale,
  path: localePath(locale, "/this-page-does-not-exist"),
  file: `${localePath(locale, "/404").slice(1)}.html`,
}));

/** The built files of the other languages: their pages and their 404 pages. */
export const otherLanguageFiles: string[] = [
  ...otherLanguagePages.map((p) => p.file),
  ...otherLanguageNotFound.map((p) => p.file),
];
