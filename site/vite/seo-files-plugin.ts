import type { Plugin } from "vite";
import { ATOM_TYPE, externalOrigins, headersFile, securityHeaders } from "../../security/headers.ts";
import { firm, inquiries, pages } from "../generated/site.ts";
import { atomFeed, FEED_PATH, insightsSitemapEntries } from "../lib/feed.ts";
import { escapeXml } from "../lib/xml.ts";

/**
 * Writes sitemap.xml (the routes in data/site.yaml, then the Insights lists
 * and articles with their lastmod), robots.txt, the Insights Atom feed and
 * _headers (the server's security headers, for static hosts) into the client build.
 */
export function seoFilesPlugin(): Plugin {
  return {
    name: "seo-files",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      const insights = insightsSitemapEntries();
      const listed = new Set(insights.map((entry) => entry.path));
      const entries = [
        ...pages
          .filter((page) => (!("index" in page) || page.index !== false) && !listed.has(page.path))
          .map((page) => ({ path: page.path, lastmod: null })),
        ...insights,
      ];
      const urls = entries
        .map(
          ({ path, lastmod }) =>
            `  <url>\n    <loc>${escapeXml(`${firm.baseUrl}${path}`)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}\n  </url>`,
        )
        .join("\n");
      this.emitFile({
        type: "asset",
        fileName: "sitemap.xml",
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      });
      this.emitFile({ type: "asset", fileName: FEED_PATH.slice(1), source: atomFeed() });
      this.emitFile({
        type: "asset",
        fileName: "robots.txt",
        source: `User-agent: *\nAllow: /\n\nSitemap: ${firm.baseUrl}/sitemap.xml\n`,
      });
      this.emitFile({ type: "asset", fileName: "_headers", source: siteHeadersFile() });
    },
  };
}

/**
 * The `_headers` file of the build: the server's security headers for every
 * path, and the feed's type. Static hosts read it; so does the nginx
 * template's renderer (deploy/nginx/render.js).
 */
export function siteHeadersFile(): string {
  return `${headersFile(securityHeaders(externalOrigins(inquiries.endpoint)))}${FEED_PATH}\n  Content-Type: ${ATOM_TYPE}\n`;
}
