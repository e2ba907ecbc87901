/** site.yaml describes exactly the routes the site has pages for. */
import { ROUTES } from "../index.ts";
import { type RuleIssue, rule } from "./types.ts";

export const everyRouteHasPage = rule("everyRouteHasPage", ["site"], ({ site }) => {
  const paths = new Set(site.pages.map((page) => page.path));
  return ROUTES.filter((route) => !paths.has(route)).map(
    (route): RuleIssue => ({
      key: "site",
      path: ["pages"],
      severity: "error",
      message: `the page ${route} has no entry`,
      hint: `add \`- path: ${route}\` with its title and description`,
    }),
  );
});

export const everyPageIsRoute = rule("everyPageIsRoute", ["site"], ({ site }) =>
  site.pages.flatMap((page, index): RuleIssue[] =>
    (ROUTES as readonly string[]).includes(page.path)
      ? []
      : [
          {
            key: "site",
            path: ["pages", index, "path"],
            severity: "error",
            message: `the site has no page at ${page.path}`,
            hint: `the pages are ${ROUTES.join(", ")}`,
            needle: page.path,
          },
        ],
  ),
);

export const ROUTE_RULES = [everyRouteHasPage, everyPageIsRoute] as const;
