// Environment: server (build time). Every published article is pre-rendered.
import { articles } from "../../generated/insights.ts";
import { articlePath } from "../../lib/insights.ts";

export function onBeforePrerenderStart(): string[] {
  return articles.map((article) => articlePath(article.slug));
}
