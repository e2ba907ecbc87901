// Environment: server (build time). An article's facts, byline, contents and
// related cards. Its body is not here: data is serialised into the page for
// the browser, and the body must be in the page once, as HTML (+onBeforeRender.ts).
import { render } from "vike/abort";
import type { PageContextServer } from "vike/types";
import { insightsTexts } from "../../generated/insights.ts";
import { initials } from "../../lib/initials.ts";
import { articlePath, consultant, findArticle, related, tagLink } from "../../lib/insights.ts";

/** The table of contents lists the h2s when there are at least this many. */
const MIN_CONTENTS = 3;

export function data(pageContext: PageContextServer) {
  const article = findArticle(pageContext.routeParams.slug ?? "");
  if (!article) throw render(404);
  const author = consultant(article.author);
  const { labels, cta } = insightsTexts;
  const h2s = article.headings.filter((heading) => heading.depth === 2);
  return {
    meta: {
      title: article.title,
      description: article.description,
      path: articlePath(article.slug),
      type: "article" as const,
    },
    article: {
      slug: article.slug,
      title: article.title,
      date: article.date,
      updated: article.updated,
      readingMinutes: article.readingMinutes,
      tags: article.tags.map(tagLink),
      contents: h2s.length >= MIN_CONTENTS ? h2s.map(({ id, text }) => ({ id, text })) : [],
    },
    author: { slug: author.slug, name: author.name, role: author.role, initials: initials(author.name) },
    related: related(article).map((other) => ({
      slug: other.slug,
      title: other.title,
      date: other.date,
      readingMinutes: other.readingMinutes,
      author: consultant(other.author).name,
    })),
    eyebrow: insightsTexts.list.eyebrow,
    labels: {
      updated: labels.updated,
      minRead: labels.minRead,
      tags: labels.tags,
      contents: labels.contents,
      related: labels.related,
    },
    cta,
  };
}

export type Data = ReturnType<typeof data>;
