// The build's files beside the pages, as (name, text) pairs: sitemap.xml
// (for each language the routes in data/site.yaml, then the Insights lists
// and articles with their lastmod; each page with its translations as
// xhtml:link alternates), robots.txt, each language's Insights Atom feed,
// _headers (the server's security headers, for static hosts) and _redirects
// (each language's 404 page). The build's bundle step
// (engine/bundle.mjs) runs this module alone, bundled by esbuild,
// after `vike build` or its stored output: the sitemap and the feeds follow
// the articles, which no bundle holds.
import { ATOM_TYPE, externalOrigins, headersFile, securityHeaders } from "../../security/headers.ts";
import { content } from "./content.ts";
import { atomFeed, FEED_PATH, insightsSitemapEntries } from "./feed.ts";
import { insightsOf } from "./insights.ts";
import { alternates } from "./language-alternates.ts";
import { localePath, locales } from "./locale.ts";
import { escapeXml } from "./xml.ts";

const { firm, inquiries } = content().site;

export interface SeoFile {
  /** Relative to dist/client. */
  fileName: string;
  source: string;
}

/** Every file of the list above. */
export function seoFiles(): SeoFile[] {
  return [
    { fileName: "sitemap.xml", source: sitemap() },
    ...locales.map(({ code }) => ({
      fileName: localePath(code, FEED_PATH).slice(1),
      source: atomFeed(insightsOf(code).articles, code),
    })),
    { fileName: "robots.txt", source: `User-agent: *\nAllow: /\n\nSitemap: ${firm.baseUrl}/sitemap.xml\n` },
    { fileName: "_headers", source: siteHeadersFile() },
    { fileName: "_redirects", source: siteRedirectsFile() },
  ];
}

/**
 * The `_headers` file of the build: the server's security headers for every
 * path, and the feed's type. Static hosts read it; so does the nginx
 * template's renderer (deploy/nginx/render.js).
 */
export function siteHeadersFile(): string {
  const feeds = locales.map(({ code }) => `${localePath(code, FEED_PATH)}\n  Content-Type: ${ATOM_TYPE}\n`).join("");
  return `${headersFile(securityHeaders(externalOrigins(inquiries.endpoint)))}${feeds}`;
}

/**
 * `_redirects` (Netlify's format): an unknown address under a language's
 * prefix gets that language's 404 page, with status 404. A rule only applies
 * where no file matches, so the pages themselves are untouched. No rule
 * looks at Accept-Language: every language has its own addresses.
 */
export function siteRedirectsFile(): string {
  return locales
    .filter((l) => l.pathPrefix !== "")
    .map((l) => `${l.pathPrefix}/*  ${l.pathPrefix}/404.html  404\n`)
    .join("");
}

/** sitemap.xml: every indexed page of every language, each with its translations (xhtml:link). */
export function sitemap(): string {
  const urls: string[] = [];
  for (const { code } of locales) {
    const insights = insightsSitemapEntries(code);
    const listed = new Set(insights.map((entry) => entry.path));
    const entries = [
      ...content(code)
        .site.pages.filter((page) => (!("index" in page) || page.index !== false) && !listed.has(page.path))
        .map((page) => ({ path: page.path as string, lastmod: null as string | null })),
      ...insights,
    ];
    for (const { path, lastmod } of entries) {
      const links = alternates(path).map(
        (alternate) =>
          `\n    <xhtml:link rel="alternate" hreflang="${alternate.locale}" href="${escapeXml(`${firm.baseUrl}${alternate.path}`)}"/>`,
      );
      const xDefault = alternates(path).find((alternate) => alternate.locale === locales[0].code);
      if (xDefault)
        links.push(
          `\n    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${firm.baseUrl}${xDefault.path}`)}"/>`,
        );
      urls.push(
        `  <url>\n    <loc>${escapeXml(`${firm.baseUrl}${localePath(code, path)}`)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}${links.join("")}\n  </url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
