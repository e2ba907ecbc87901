// Which page of the site the editor's preview shows for a file of data/: the
// page that file shows most. A language's file (de/home.yaml) shows the page
// in that language (/de); an article shows its own page.

/** Each data file's page (its route in the default language). */
const PAGE_OF_FILE: Readonly<Record<string, string>> = {
  "home.yaml": "/",
  "clients.yaml": "/",
  "stats.yaml": "/",
  "site.yaml": "/",
  "locales.yaml": "/",
  "about.yaml": "/about",
  "approach.yaml": "/approach",
  "consultants.yaml": "/consultants",
  "people.yaml": "/consultants",
  "contact.yaml": "/contact",
  "form-options.yaml": "/contact",
  "behaviour.yaml": "/contact",
  "inquiry.yaml": "/contact",
  "insights.yaml": "/insights",
  "legal.yaml": "/privacy",
};

const ARTICLE = /^insights\/(?:([a-z]{2})\/)?([a-z0-9-]+)\.md$/;
const TRANSLATION = /^([a-z]{2})\/([a-z0-9-]+\.yaml)$/;

/** The page `path` (relative to data/) shows, or undefined: a file no page shows (glossary.yaml). */
export function pageOf(path: string): string | undefined {
  const article = ARTICLE.exec(path);
  if (article) return `${article[1] ? `/${article[1]}` : ""}/insights/${article[2]}`;
  const translation = TRANSLATION.exec(path);
  if (translation?.[1] && translation[2]) {
    const page = PAGE_OF_FILE[translation[2]];
    return page === undefined ? undefined : `/${translation[1]}${page === "/" ? "" : page}`;
  }
  return PAGE_OF_FILE[path];
}

/** The article `path` is (its slug), shown in the preview even while a draft. */
export const articleSlug = (path: string): string | undefined => ARTICLE.exec(path)?.[2];
