// Environment: server (build time). Where each consultant's card links to
// their articles: the article when there is one, the Insights list when
// there are several. Only this small map reaches the browser.
import type { PageContextServer } from "vike/types";
import { content } from "../../lib/content.ts";
import { insightsOf } from "../../lib/insights.ts";

export function data(pageContext: PageContextServer) {
  const { consultants } = content(pageContext.locale).consultants;
  const { insightsTexts } = content(pageContext.locale).insights;
  const links = insightsOf(pageContext.locale).authorArticleLinks();
  const articles: Record<string, { href: string; label: string }> = {};
  for (const consultant of consultants) {
    const link = links[consultant.slug];
    const firstName = consultant.name.split(/\s+/)[0] ?? consultant.name;
    if (link) articles[consultant.slug] = { href: link.href, label: `${insightsTexts.labels.moreFrom} ${firstName}` };
  }
  // The page's texts in its language travel in the page's HTML, not its JavaScript.
  return {
    articles,
    consultants,
    people: content(pageContext.locale).people,
    industry: content(pageContext.locale).formOptions.industry,
  };
}

export type Data = ReturnType<typeof data>;
