// @ts-check
// Where a pre-rendered URL's files go in dist/client, as Vike's prerender puts
// them (and as the server and static hosts look them up): "/" → index.html,
// "/about" → about/index.html, the 404 page → 404.html; its page data for
// client-side navigation beside it (about/index.pageContext.json).

/** @param {string} url @param {boolean} is404 */
export function htmlFile(url, is404) {
  if (is404) return `${url.replace(/^\/|\/$/g, "")}.html`;
  return `${url.replace(/^\/|\/$/g, "")}/index.html`.replace(/^\//, "");
}

/**
 * The URL, and the file, of a page's data: "/about" → "/about/index.pageContext.json".
 * @param {string} url
 */
export function jsonFile(url) {
  return `${url.replace(/\/$/, "")}/index.pageContext.json`;
}
