// @ts-check
// The URLs to pre-render, listed where the server build is loaded already
// (the first render thread, render-worker.mjs), the way Vike's prerender()
// lists them: what each page's onBeforePrerenderStart hook returns, every
// static route no hook listed, the 404 page; then the site's global
// onPrerenderStart hook (site/pages/+onPrerenderStart.ts), which adds the
// other languages' 404 pages and hands the list over.
//
// Why not prerender() (vike/api) itself, as the build did before: it loads
// the Vite configuration (about 3 s) and creates a whole pageContext per URL
// before it renders any, each routed and holding its page's config (2.76 GB
// at 57,774 URLs; vikejs/vike#3159). Here the list is three fields per URL.
// The page configs come from Vike's getPagesAndRoutes (vike/__internal, the
// entry Vike keeps for integrations such as vite-plugin-vercel); a hook is
// read from its page's entry as the server build ships it, and a shape not
// known here is an error, not a silently shorter list. renderPage routes
// every URL again, and the render thread checks it reaches the page that
// listed it (Vike's own check in prerender()). What is read of
// vike/__internal, and the Vike version it was checked against:
// docs/architecture.md, "Vike internals" (tests/build/vike-internals.test.ts).
import { getPagesAndRoutes } from "vike/__internal";
import { getGlobalContextAsync } from "vike/server";

/**
 * @import { PageConfig } from "vike/__internal"
 * @import { PageContextServer } from "vike/types"
 * @import { BuildPrerenderContext, ListedPage, Route } from "../site/lib/build-engine.ts"
 */

/** A mistake in the pages' URLs: its message names the file to fix. */
export class PageListError extends Error {}

/** @returns {Promise<{ routes: Route[], pageIds: string[] }>} */
export async function pageList() {
  const { pageRoutes, pageConfigs } = await getPagesAndRoutes();
  /** @type {(ListedPage & { pageId: string, is404: boolean })[]} */
  const pageContexts = [];
  /** @type {Map<string, string>} Normalized URL → who listed it, for Vike's "provided twice" error. */
  const listedBy = new Map();
  /** @param {string} url @param {string} pageId @param {string} by */
  const add = (url, pageId, by) => {
    const key = normalize(url);
    const earlier = listedBy.get(key);
    if (earlier) throw new PageListError(`the URL ${url} is listed twice: by ${earlier} and by ${by}`);
    listedBy.set(key, by);
    pageContexts.push({ urlOriginal: url, pageId, is404: false });
  };

  for (const pageConfig of pageConfigs) {
    const hook = await serverHook(pageConfig, "onBeforePrerenderStart");
    if (!hook) continue;
    const result = await hook.fn();
    for (const url of hookUrls(result, hook.file)) add(url, pageConfig.pageId, hook.file);
  }
  for (const route of pageRoutes) {
    if (!("routeString" in route)) continue;
    const url = staticUrl(route.routeString);
    if (url !== null && !listedBy.has(normalize(url))) add(url, route.pageId, `the route ${route.routeString}`);
  }
  const errorPage = pageConfigs.find((pageConfig) => pageConfig.isErrorPage);
  if (errorPage) pageContexts.push({ urlOriginal: "/404", pageId: errorPage.pageId, is404: true });

  const { config } = await getGlobalContextAsync(true);
  const pageIds = pageConfigs.map((pageConfig) => pageConfig.pageId);
  if (typeof config.onPrerenderStart !== "function") {
    return {
      routes: pageContexts.map(({ urlOriginal, pageId, is404 }) => ({ url: urlOriginal, pageId, is404 })),
      pageIds,
    };
  }
  /** @type {Route[] | undefined} */
  let routes;
  /** @type {BuildPrerenderContext} */
  const prerenderContext = {
    pageContexts,
    buildEngine: {
      routes(found) {
        routes = found;
      },
    },
  };
  // Vike's type says whole page contexts; with buildEngine there the hook reads ListedPage's fields only.
  await config.onPrerenderStart(
    /** @type {{ pageContexts: PageContextServer[] }} */ (/** @type {unknown} */ (prerenderContext)),
  );
  if (!routes) {
    throw new PageListError(
      "site/pages/+onPrerenderStart.ts did not hand the list over: is its build hand-off still there?",
    );
  }
  return { routes, pageIds };
}

/**
 * A page's server hook `name` from its entry in the server build, or null when the page has none.
 * @param {PageConfig} pageConfig @param {string} name
 * @returns {Promise<{ fn: () => unknown, file: string } | null>}
 */
async function serverHook(pageConfig, name) {
  const { moduleExportsPromise } = pageConfig.loadVirtualFilePageEntry();
  const entry = await moduleExportsPromise;
  const configValue = entry?.configValuesSerialized?.[name];
  if (!configValue) return null;
  const at = configValue.definedAtData;
  const file =
    (at && !Array.isArray(at) && "filePathToShowToUser" in at ? at.filePathToShowToUser : undefined) ??
    `${pageConfig.pageId}/+${name}`;
  // A hook is one value; a list (a cumulative config) is refused below, as one of no known type.
  const serialized = Array.isArray(configValue.valueSerialized) ? undefined : configValue.valueSerialized;
  const exports = serialized?.type === "plus-file" ? serialized.exportValues : null;
  const fn = exports?.[name] ?? exports?.default;
  if (typeof fn !== "function") {
    throw new PageListError(
      `${file}: cannot read its ${name} hook from the server build (value of type ${serialized?.type}); the build driver (engine/page-list.mjs) knows Vike 0.4's +${name}.ts files (docs/architecture.md, "Vike internals": the versions it was checked against)`,
    );
  }
  return { fn: /** @type {() => unknown} */ (fn), file };
}

/**
 * The URLs an onBeforePrerenderStart hook returned (https://vike.dev/onBeforePrerenderStart).
 * @param {unknown} result @param {string} file @returns {string[]}
 */
function hookUrls(result, file) {
  if (result === undefined || result === null) return [];
  if (!Array.isArray(result)) throw new PageListError(`${file}: onBeforePrerenderStart should return an array of URLs`);
  /** @type {unknown[]} */
  const items = result;
  return items.map((item) => {
    if (typeof item === "string") return item;
    if (item && typeof item === "object" && "url" in item && typeof item.url === "string") {
      if ("pageContext" in item && item.pageContext !== undefined) {
        throw new PageListError(
          `${file}: returns a pageContext for ${item.url}; the build renders each page through renderPage and its own hooks, so return the URL only`,
        );
      }
      return item.url;
    }
    throw new PageListError(`${file}: onBeforePrerenderStart returned ${JSON.stringify(item)}, not a URL`);
  });
}

/**
 * The URL of a route string without parameters, as Vike pre-renders it; null when it has any.
 * @param {string} routeString
 */
function staticUrl(routeString) {
  return /(?:^|\/)@|\*/.test(routeString) ? null : routeString;
}

/**
 * Vike treats "/about" and "/about/" as the same page.
 * @param {string} url
 */
function normalize(url) {
  return url.length > 1 && url.endsWith("/") ? url.slice(0, -1) : url;
}
