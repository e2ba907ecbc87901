// Environment: server (build time). Every list page of every language is
// pre-rendered (a language's list shows its own articles).
import { insightsOf } from "../../lib/insights.ts";
import { localePath, locales } from "../../lib/locale.ts";

export function onBeforePrerenderStart(): string[] {
  return locales.flatMap(({ code }) =>
    insightsOf(code)
      .listPaths()
      .map((path) => localePath(code, path)),
  );
}
