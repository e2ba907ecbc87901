// Environment: server (build time). Everything the article page shows, for
// +onBeforeRender.ts; it stays on the server (see island.ts).
import { initials } from "../../lib/initials.ts";
import { insightsOf } from "../../lib/insights.ts";
import { defaultLocale, type Locale, localizeHref } from "../../lib/locale.ts";

/** The table of contents lists the h2s when there are at least this many. */
const MIN_CONTENTS = 3;

export async function articleParts(locale: Locale, slug: string) {
  const insights = insightsOf(locale);
  const article = insights.findArticle(slug);
  if (!article) return undefined;
  const consultant = (author: string) => insights.consultant(author);
  const author = consultant(article.author);
  const { labels, cta } = insights.texts;
  const h2s = article.headings.filter((heading) => heading.depth === 2);
  const html = localizeLinks(locale, insights.body(article.slug));
  return {
    article: {
      title: article.title,
      date: article.date,
      updated: article.updated,
      readingMinutes: article.readingMinutes,
      tags: article.tags.map((tag) => insights.tagLink(tag)),
      contents: h2s.length >= MIN_CONTENTS ? h2s.map(({ id, text }) => ({ id, text })) : [],
      /** Its own cover image, for its social card only (site/cards/). */
      cover: article.cover ?? null,
    },
    bodyHtml: html,
    author: { slug: author.slug, name: author.name, role: author.role, initials: initials(author.name) },
    related: insights.relatedTo(article.slug).map((other) => ({
      slug: other.slug,
      title: other.title,
      date: other.date,
      readingMinutes: other.readingMinutes,
      author: consultant(other.author).name,
    })),
    eyebrow: insights.texts.list.eyebrow,
    labels,
    cta,
  };
}

/** The body's links to the site's pages lead to the page's language (the HTML is generated, its hrefs quoted). */
function localizeLinks(locale: Locale, html: string): string {
  if (locale === defaultLocale) return html;
  return html.replace(/ href="(\/[^"]*)"/g, (_whole, href: string) => ` href="${localizeHref(locale, href)}"`);
}

export type ArticleParts = NonNullable<Awaited<ReturnType<typeof articleParts>>>;
