// Environment: server (build time). Everything the article page shows, for
// +onBeforeRender.ts; it stays on the server (see island.ts).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { insightsTexts } from "../../generated/insights.ts";
import { initials } from "../../lib/initials.ts";
import { consultant, findArticle, related, tagLink } from "../../lib/insights.ts";

/** The table of contents lists the h2s when there are at least this many. */
const MIN_CONTENTS = 3;

// The build and the dev server run from the project's root.
const articlesDir = resolve(process.cwd(), "site/generated/articles");

export async function articleParts(slug: string) {
  const article = findArticle(slug);
  if (!article) return undefined;
  const author = consultant(article.author);
  const { labels, cta } = insightsTexts;
  const h2s = article.headings.filter((heading) => heading.depth === 2);
  const html = await readFile(resolve(articlesDir, `${article.slug}.html`), "utf8");
  return {
    article: {
      title: article.title,
      date: article.date,
      updated: article.updated,
      readingMinutes: article.readingMinutes,
      tags: article.tags.map(tagLink),
      contents: h2s.length >= MIN_CONTENTS ? h2s.map(({ id, text }) => ({ id, text })) : [],
      /** Its own cover image, for its social card only (site/cards/). */
      cover: article.cover ?? null,
    },
    bodyHtml: html,
    author: { slug: author.slug, name: author.name, role: author.role, initials: initials(author.name) },
    related: related(article).map((other) => ({
      slug: other.slug,
      title: other.title,
      date: other.date,
      readingMinutes: other.readingMinutes,
      author: consultant(other.author).name,
    })),
    eyebrow: insightsTexts.list.eyebrow,
    labels,
    cta,
  };
}

export type ArticleParts = NonNullable<Awaited<ReturnType<typeof articleParts>>>;
