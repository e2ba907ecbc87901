// Environment: server (build time). One list page: its cards and texts only;
// the article index itself stays on the server.
import { render } from "vike/abort";
import type { PageContextServer } from "vike/types";
import { fill, INSIGHTS_PATH, insightsOf, listPath, pageCount } from "../../lib/insights.ts";

export function data(pageContext: PageContextServer) {
  const { tag: tagSlug = "", page: pageParam = "" } = pageContext.routeParams;
  const insights = insightsOf(pageContext.locale);
  const tag = tagSlug === "" ? null : insights.findTag(tagSlug);
  if (tag === undefined) throw render(404);
  const page = pageParam === "" ? 1 : Number(pageParam);
  const { items, total } = insights.listPage(tag?.slug ?? null, page);
  const pages = pageCount(total);
  // Page 1 has one address (/insights), and a tag page needs an article.
  if (pageParam === "1" || page > pages || (tag && total === 0)) throw render(404);
  const { list, tagPage, pagination, labels } = insights.texts;
  const heading = tag ? fill(tagPage.heading, { tag: tag.label }) : list.heading;
  const status = fill(pagination.page, { page, pages });
  const baseTitle = tag ? fill(tagPage.title, { tag: tag.label }) : list.title;
  return {
    meta: {
      title: page > 1 ? `${status} | ${baseTitle}` : baseTitle,
      description: tag ? tag.description : list.description,
      path: listPath(tag?.slug ?? null, page),
    },
    hero: { eyebrow: list.eyebrow, heading, lead: tag ? tag.description : list.lead },
    allLink: tag ? { label: tagPage.allLink, href: INSIGHTS_PATH } : null,
    empty: list.empty,
    items: items.map((article) => insights.card(article)),
    labels: { by: labels.by, tags: labels.tags, updated: labels.updated, minRead: labels.minRead },
    pagination: {
      previous: page > 1 ? listPath(tag?.slug ?? null, page - 1) : null,
      next: page < pages ? listPath(tag?.slug ?? null, page + 1) : null,
      labels: { label: pagination.label, previous: pagination.newer, next: pagination.older, status },
    },
  };
}

export type Data = ReturnType<typeof data>;
