// Environment: server (build time). An article page's data is its title,
// description and path (for the head and client-side navigation), and no
// more: what the page shows is rendered on the server only (island.ts).
import { render } from "vike/abort";
import type { PageContextServer } from "vike/types";
import { articlePath, insightsOf } from "../../lib/insights.ts";

export function data(pageContext: PageContextServer) {
  const article = insightsOf(pageContext.locale).findArticle(pageContext.routeParams.slug ?? "");
  if (!article) throw render(404);
  return {
    meta: {
      title: article.title,
      description: article.description,
      path: articlePath(article.slug),
      type: "article" as const,
    },
  };
}

export type Data = ReturnType<typeof data>;
