import { ROUTES } from "../../schemas/index.ts";
import { ARTICLES_PER_PAGE } from "../../schemas/insights.ts";
import { inLanguage } from "../../schemas/rules/localized-links.ts";
import { suggestion } from "../../schemas/suggest.ts";

/** Everything a link may point at: the site's pages, their sections, the Insights pages and articles. */
export interface LinkTargets {
  /**
   * Sections by route: /consultants -> consultant slugs, /approach -> phase
   * slugs; null while the file they come from has errors of its own (its
   * links are then not checked, rather than all reported).
   */
  anchors: Record<string, readonly string[] | null>;
  /** Tag slugs, or null while data/insights.yaml has errors. */
  tags: readonly string[] | null;
  /** Published articles: slug -> heading ids, and how many each tag has. */
  published: ReadonlyMap<string, readonly string[]>;
  drafts: ReadonlySet<string>;
  tagCounts: ReadonlyMap<string, number>;
}

export interface LinkProblem {
  severity: "error" | "warning";
  message: string;
  hint: string;
}

/** The article a link is written in: its own headings answer `#id`, and whether it is published. */
export interface LinkOrigin {
  headings: readonly string[];
  draft: boolean;
}

const pages = (count: number) => Math.max(1, Math.ceil(count / ARTICLES_PER_PAGE));

/** Checks one href of an article (with `origin`) or of a YAML text (without). */
export function checkLink(href: string, targets: LinkTargets, origin?: LinkOrigin): LinkProblem | undefined {
  if (href.startsWith("#") && origin) {
    const fragment = href.slice(1);
    return origin.headings.includes(fragment)
      ? undefined
      : missingSection(href, "this article", fragment, origin.headings);
  }
  if (/^http:/i.test(href)) {
    return {
      severity: "warning",
      message: `plain http: link "${href}"`,
      hint: "use the https:// address: a reader's browser may warn on or block an unencrypted page",
    };
  }
  if (/^(https:|mailto:|tel:)/i.test(href)) return undefined;
  if (!href.startsWith("/") || href.startsWith("//")) {
    return {
      severity: "error",
      message: `link to "${href}", which is neither a page of the site nor an https:// address`,
      hint: 'start a link to a page of the site with "/", like /approach, and a link elsewhere with https://',
    };
  }
  const hashAt = href.indexOf("#");
  const route = (hashAt === -1 ? href : href.slice(0, hashAt)).replace(/\?.*$/, "");
  const fragment = hashAt === -1 ? undefined : href.slice(hashAt + 1);

  if ((ROUTES as readonly string[]).includes(route)) {
    if (fragment === undefined) return undefined;
    const known = targets.anchors[route];
    if (known === null) return undefined;
    return known?.includes(fragment) ? undefined : missingSection(href, route, fragment, known ?? []);
  }
  const article = /^\/insights\/([^/]+)$/.exec(route)?.[1];
  if (article && article !== "feed.xml" && article !== "page" && article !== "tags") {
    const headings = targets.published.get(article);
    if (!headings) {
      if (targets.drafts.has(article) && origin?.draft !== true) {
        return {
          severity: "error",
          message: `link to "${href}", but that article is a draft`,
          hint: `a draft is not on the site: publish it (remove \`draft: true\` from ${article}.md) or link elsewhere`,
        };
      }
      if (!targets.drafts.has(article)) {
        return {
          severity: "error",
          message: `link to "${href}", but there is no article ${article}`,
          hint: suggestion(article, [...targets.published.keys()], "published articles"),
        };
      }
      return undefined; // a draft linking to a draft
    }
    if (fragment === undefined) return undefined;
    return headings.includes(fragment) ? undefined : missingSection(href, route, fragment, headings);
  }
  const tag = /^\/insights\/tags\/([^/]+)/.exec(route)?.[1];
  if (tag !== undefined && targets.tags === null) return undefined;
  if (tag !== undefined && !targets.tags?.includes(tag)) {
    return {
      severity: "error",
      message: `link to "${href}", but there is no tag ${tag}`,
      hint: suggestion(tag, targets.tags ?? [], "tags (data/insights.yaml)"),
    };
  }
  if (insightsRouteExists(route, targets)) {
    return fragment === undefined ? undefined : missingSection(href, route, fragment, []);
  }
  return {
    severity: "error",
    message: `link to "${href}", but the site has no page at ${route}`,
    hint: suggestion(route, [...ROUTES, "/insights"], "pages"),
  };
}

/** /insights, its list pages, tag pages and the feed. */
function insightsRouteExists(route: string, targets: LinkTargets): boolean {
  if (route === "/insights" || route === "/insights/feed.xml") return true;
  const listPage = /^\/insights\/page\/([1-9]\d*)$/.exec(route);
  if (listPage) return Number(listPage[1]) >= 2 && Number(listPage[1]) <= pages(targets.published.size);
  const tagPage = /^\/insights\/tags\/([^/]+)(?:\/page\/([1-9]\d*))?$/.exec(route);
  if (!tagPage?.[1] || !targets.tags?.includes(tagPage[1])) return false;
  const page = tagPage[2] === undefined ? 1 : Number(tagPage[2]);
  return tagPage[2] === undefined || (page >= 2 && page <= pages(targets.tagCounts.get(tagPage[1]) ?? 0));
}

function missingSection(href: string, where: string, fragment: string, known: readonly string[]): LinkProblem {
  return {
    severity: "error",
    message: `link to "${href}", but ${where} has no section #${fragment}`,
    hint: known.length ? suggestion(fragment, known, `sections of ${where}`) : `${where} has no linkable sections`,
  };
}

/**
 * Checks one href of a translation in the language `code`: a page of the
 * site is linked in that language (`/de/approach`), and resolves among that
 * language's pages: its published articles, the same routes and sections.
 */
export function checkLocalizedLink(
  href: string,
  code: string,
  targets: LinkTargets,
  origin: LinkOrigin,
): LinkProblem | undefined {
  if (!href.startsWith("/") || href.startsWith("//")) return checkLink(href, targets, origin);
  const target = inLanguage(href, code);
  if ("problem" in target) return { severity: "error", ...target.problem };
  const local = target.route;
  const problem = checkLink(local, targets, origin);
  if (!problem) return undefined;
  const article = /^\/insights\/([^/#?]+)/.exec(local)?.[1];
  if (article && !targets.published.has(article) && !targets.drafts.has(article)) {
    return {
      severity: "error",
      message: `link to "${href}", but there is no article ${article} in language ${code}`,
      hint: targets.published.size
        ? `${suggestion(article, [...targets.published.keys()], `articles in language ${code}`)} (or translate ${article}.md into data/insights/${code}/)`
        : `translate ${article}.md into data/insights/${code}/ first, or link the English article with its full https:// address`,
    };
  }
  return { ...problem, message: problem.message.replaceAll(`"${local}"`, `"${href}"`) };
}
