import type { Plugin } from "vite";
import { externalOrigins, headersFile, securityHeaders } from "../../security/headers.ts";
import { firm, inquiries, pages } from "../generated/site.ts";

/**
 * Writes sitemap.xml and robots.txt (from the routes in data/site.yaml) and
 * _headers (the server's security headers, for static hosts) into the client build.
 */
export function seoFilesPlugin(): Plugin {
  return {
    name: "seo-files",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      const urls = pages
        .filter((page) => !("index" in page) || page.index !== false)
        .map((page) => `  <url>\n    <loc>${firm.baseUrl}${page.path === "/" ? "/" : page.path}</loc>\n  </url>`)
        .join("\n");
      this.emitFile({
        type: "asset",
        fileName: "sitemap.xml",
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      });
      this.emitFile({
        type: "asset",
        fileName: "robots.txt",
        source: `User-agent: *\nAllow: /\n\nSitemap: ${firm.baseUrl}/sitemap.xml\n`,
      });
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: headersFile(securityHeaders(externalOrigins(inquiries.endpoint))),
      });
    },
  };
}
