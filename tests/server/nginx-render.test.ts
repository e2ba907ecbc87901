// deploy/nginx/render.js: the template filled from the build's _headers and
// the operator's values; anything that would change the config's structure
// is refused. (The filled template is run by nginx in topology.test.ts.)
import { describe, expect, it } from "vitest";
import { parseHeadersFile, renderSiteConfig } from "../../deploy/nginx/render.js";
import { securityHeaders } from "../../security/headers.ts";
import { locales } from "../../site/generated/locales.ts";
import { siteHeadersFile, siteRedirectsFile } from "../../site/lib/seo-files.ts";

const site = {
  serverName: "www.example.com",
  certificate: "/etc/ssl/site/fullchain.pem",
  certificateKey: "/etc/ssl/site/key.pem",
  siteDir: "/srv/growth-partners/dist/client",
  inquiryServers: ["10.0.0.11:3000", "10.0.0.12:3000"],
  headersFile: siteHeadersFile(),
  redirectsFile: siteRedirectsFile(),
};

describe("renderSiteConfig", () => {
  it("fills every placeholder outside comments, one upstream line per server, the build's headers in each static location", () => {
    const config = renderSiteConfig(site);
    const directives = config
      .split("\n")
      .filter((line) => !/^\s*#/.test(line))
      .join("\n");
    expect(directives).not.toMatch(/\$\{/);
    expect(directives).toContain("server 10.0.0.11:3000 max_fails=3 fail_timeout=10s;");
    expect(directives).toContain("server 10.0.0.12:3000 max_fails=3 fail_timeout=10s;");
    expect(directives).toContain("listen 443 ssl http2;");
    expect(directives).toContain("listen 80;");
    expect(directives).toContain("root /srv/growth-partners/dist/client;");
    expect(directives).toContain(
      "access_log syslog:server=unix:/dev/log,nohostname,tag=growth_partners growth_partners;",
    );
    for (const [name, value] of Object.entries(securityHeaders())) {
      const line = `add_header ${name} "${value}" always;`;
      // The site, the feed and the proxy's own 503.
      expect(directives.split(line).length - 1, name).toBe(3);
    }
    expect(directives).toContain(
      'location ~ ^(?:/insights/feed\\.xml|/de/insights/feed\\.xml)$ {\n        default_type "application/atom+xml; charset=utf-8";',
    );
  });

  it("answers an unknown path with its language's 404 page, from the build's _redirects", () => {
    const directives = renderSiteConfig(site);
    expect(directives).toContain("error_page 404 $growth_partners_not_found;");
    const prefixes = locales.map((l) => l.pathPrefix).filter((prefix) => prefix !== "");
    expect(prefixes.length).toBeGreaterThan(0);
    expect(directives).toContain(
      [
        "map $uri $growth_partners_not_found {",
        "    default /404.html;",
        ...prefixes.map((prefix) => `    ~^${prefix}/ ${prefix}/404.html;`),
        "}",
      ].join("\n"),
    );
    // One language only: the default's 404 page for every path.
    expect(renderSiteConfig({ ...site, redirectsFile: "" })).toContain(
      "map $uri $growth_partners_not_found {\n    default /404.html;\n\n}",
    );
  });

  it.each<[string, Partial<typeof site>, RegExp]>([
    ["a value with a space", { serverName: "a.example b.example" }, /SERVER_NAME: .* is not a plain value/],
    [
      "a value that would end a directive",
      { siteDir: "/srv/x; include /etc/shadow" },
      /SITE_DIR: .* is not a plain value/,
    ],
    ["a server that is not host:port", { inquiryServers: ["10.0.0.11"] }, /"10\.0\.0\.11" is not host:port/],
    ["no server", { inquiryServers: [] }, /at least one inquiry server/],
    ["_headers without security headers", { headersFile: "/feed.xml\n  Content-Type: x\n" }, /no \/\* block/],
    [
      "a _redirects rule the template has no place for",
      { redirectsFile: `${siteRedirectsFile()}/old  /new  301\n` },
      /_redirects line \d+: "\/old {2}\/new {2}301" is not "\/<prefix>\/\* {2}\/<prefix>\/404\.html {2}404"/,
    ],
    [
      "_headers with a block the template has no place for",
      { headersFile: `${siteHeadersFile()}/other\n  X-Thing: 1\n` },
      /has blocks the nginx template has no place for \(\/other\)/,
    ],
  ])("refuses %s", (_name, change, message) => {
    expect(() => renderSiteConfig({ ...site, ...change })).toThrow(message);
  });

  it("refuses a placeholder it does not know", () => {
    const unknown = `$${"{NOT_A_THING}"}`;
    expect(() => renderSiteConfig({ ...site, template: `root ${unknown};\n` })).toThrow(
      `the template has an unknown placeholder ${unknown}`,
    );
  });
});

describe("parseHeadersFile", () => {
  it("reads paths and their indented headers", () => {
    expect(parseHeadersFile("/*\n  A: 1\n  B: x: y\n/feed.xml\n  Content-Type: t\n")).toEqual(
      new Map([
        [
          "/*",
          new Map([
            ["A", "1"],
            ["B", "x: y"],
          ]),
        ],
        ["/feed.xml", new Map([["Content-Type", "t"]])],
      ]),
    );
    expect(() => parseHeadersFile("  A: 1\n")).toThrow("_headers line 1");
  });
});
