// Environment: server (build time). Every published article is pre-rendered,
// and its translation in each language that has one (only those).
import { articlePath, insightsOf } from "../../lib/insights.ts";
import { localePath, locales } from "../../lib/locale.ts";

export function onBeforePrerenderStart(): string[] {
  return locales.flatMap(({ code }) =>
    insightsOf(code)
      .slugs()
      .map((slug) => localePath(code, articlePath(slug))),
  );
}
