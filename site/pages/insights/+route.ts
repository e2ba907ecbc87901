import type { PageContext } from "vike/types";

// /insights, /insights/page/<n>, /insights/tags/<tag>, /insights/tags/<tag>/page/<n>:
// one list page, all articles or one tag's, 18 a page (+data.ts checks n and the tag).
const pattern = /^\/insights(?:\/tags\/([a-z0-9]+(?:-[a-z0-9]+)*))?(?:\/page\/([1-9][0-9]*))?\/?$/;

export default function route(pageContext: PageContext) {
  const match = pattern.exec(pageContext.urlPathname);
  if (!match) return false;
  return { routeParams: { tag: match[1] ?? "", page: match[2] ?? "" } };
}
