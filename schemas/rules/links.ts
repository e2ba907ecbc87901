/**
 * Internal links in the YAML texts point at real routes and sections. Links
 * into /insights wait for the articles (content/articles/links.ts checks
 * them against the whole set): they come back as `deferredHref`.
 */
import { DATA_FILES, type DataKey, ROUTES } from "../index.ts";
import { suggestion } from "../suggest.ts";
import { type PathSegment, type RuleIssue, rule, type ValidData, walkTexts } from "./types.ts";

/** Sections a link may point at, per route. */
export function linkAnchors(data: ValidData): Record<string, readonly string[]> {
  return {
    "/consultants": data.consultants?.consultants.map((c) => c.slug) ?? [],
    "/approach": data.approach?.phases.map((p) => p.slug) ?? [],
  };
}

/** Checks one href found at `path` of file `key`. */
export function checkHref(
  key: DataKey,
  path: PathSegment[],
  href: string,
  anchors: Record<string, readonly string[]>,
): RuleIssue[] {
  if (href === "#") {
    return [
      {
        key,
        path,
        severity: "warning",
        message: 'placeholder link "#" leads nowhere',
        hint: "point it at a page when one exists; until then it is shown as a placeholder",
      },
    ];
  }
  if (!href.startsWith("/")) return [];
  const [route = "", fragment] = href.split("#");
  if (route === "/insights" || route.startsWith("/insights/")) {
    return [{ key, path, severity: "error", message: "", deferredHref: href }];
  }
  if (!(ROUTES as readonly string[]).includes(route)) {
    return [
      {
        key,
        path,
        severity: "error",
        message: `link to "${href}", but the site has no page at ${route}`,
        hint: suggestion(route, ROUTES, "pages"),
      },
    ];
  }
  if (fragment === undefined) return [];
  const known = anchors[route] ?? [];
  if (known.includes(fragment)) return [];
  return [
    {
      key,
      path,
      severity: "error",
      message: `link to "${href}", but ${route} has no section #${fragment}`,
      hint: known.length ? suggestion(fragment, known, `sections of ${route}`) : `${route} has no linkable sections`,
    },
  ];
}

export const internalLinksResolve = rule("internalLinksResolve", [], (data) => {
  const anchors = linkAnchors(data);
  const issues: RuleIssue[] = [];
  for (const { key } of DATA_FILES) {
    walkTexts(data[key], (text, path) => {
      if (path.at(-1) === "href") issues.push(...checkHref(key, path, text, anchors));
    });
  }
  return issues;
});

export const LINK_RULES = [internalLinksResolve] as const;
