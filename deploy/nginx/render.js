#!/usr/bin/env node
// Fills the nginx template (growth-partners.conf beside this file) for one
// site: its host name, ports, certificate, the built site and the inquiry
// servers; the security headers and the feed's type come from the build's
// own `_headers` file, so nginx sends what the inquiry server sends.
//
//   node deploy/nginx/render.js --server-name www.example.com \
//     --site-dir /srv/growth-partners/dist/client \
//     --certificate /etc/ssl/growth-partners/fullchain.pem --certificate-key /etc/ssl/growth-partners/key.pem \
//     --inquiry-server 127.0.0.1:3001 --inquiry-server 127.0.0.1:3002 \
//     > /etc/nginx/sites-available/growth-partners.conf
//
// Also imported by the topology test and bench (scripts/lib/nginx.js).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

export const TEMPLATE = fileURLToPath(new URL("growth-partners.conf", import.meta.url));

/** The placeholder whose line is written once per inquiry server. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: nginx template syntax, not a JavaScript template
const REPEATED = "${INQUIRY_SERVER}";

/** A value that goes into a directive as it is: no quote, brace, semicolon, space or line break. */
const PLAIN = /^[^\s"'{};$\\#]+$/;

/**
 * The blocks of a `_headers` file (Netlify's format, as the build writes
 * it): a path on its own line, then its headers, indented, `Name: value`.
 */
export function parseHeadersFile(text) {
  const blocks = new Map();
  let current;
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      blocks.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    if (!current || colon === -1) throw new Error(`_headers line ${index + 1}: expected "  Name: value" under a path`);
    current.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return blocks;
}

/**
 * The map lines of each language's 404 page, from the build's `_redirects`
 * (Netlify's format): `/de/*  /de/404.html  404` → `~^/de/ /de/404.html;`.
 * Its only rules are these; any other is refused, so a rule the build adds
 * later cannot be silently left out of nginx.
 */
export function notFoundPages(redirectsFile) {
  const lines = [];
  for (const [index, line] of redirectsFile.split("\n").entries()) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const rule = /^(\/[\w-]+)\/\*\s+(\1\/404\.html)\s+404$/.exec(line.trim());
    if (!rule) {
      throw new Error(
        `_redirects line ${index + 1}: ${JSON.stringify(line.trim())} is not "/<prefix>/*  /<prefix>/404.html  404", the only rule the nginx template has a place for (${TEMPLATE})`,
      );
    }
    lines.push(`    ~^${rule[1]}/ ${rule[2]};`);
  }
  return lines.join("\n");
}

/** An nginx string in double quotes. */
function quoted(value) {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * The template filled: `values` for the plain placeholders, one upstream
 * line per `inquiryServers` entry, and the headers of `headersFile` (the
 * text of the build's `_headers`). Throws on a value that would change the
 * config's structure, a placeholder left unfilled, or a `_headers` the
 * template has no place for.
 */
export function renderSiteConfig({
  template = readFileSync(TEMPLATE, "utf8"),
  serverName,
  listenHttps = "443",
  listenHttp = "80",
  certificate,
  certificateKey,
  siteDir,
  accessLog = "syslog:server=unix:/dev/log,nohostname,tag=growth_partners",
  inquiryServers,
  headersFile = readFileSync(join(siteDir, "_headers"), "utf8"),
  redirectsFile = readFileSync(join(siteDir, "_redirects"), "utf8"),
}) {
  const blocks = parseHeadersFile(headersFile);
  const everywhere = blocks.get("/*");
  if (!everywhere || everywhere.size === 0) throw new Error("_headers has no /* block of security headers");
  const others = [...blocks].filter(([path]) => path !== "/*");
  // The feeds (one per language: /insights/feed.xml, /de/insights/feed.xml) share one location: a block with only their type.
  const [feed] = others;
  const isFeed = ([path, headers]) =>
    /^[\w/.-]+$/.test(path) && headers.size === 1 && headers.get("Content-Type") === feed?.[1].get("Content-Type");
  const misfits = others.filter((block) => !isFeed(block));
  if (!feed?.[1].has("Content-Type") || misfits.length > 0) {
    throw new Error(
      `_headers has blocks the nginx template has no place for (${(misfits.length > 0 ? misfits : others).map(([path]) => path).join(", ")}): add a location for them to ${TEMPLATE}`,
    );
  }
  const feedPattern = others.map(([path]) => path.replaceAll(".", "\\.")).join("|");
  const values = {
    SERVER_NAME: serverName,
    LISTEN_HTTPS: listenHttps,
    LISTEN_HTTP: listenHttp,
    TLS_CERTIFICATE: certificate,
    TLS_CERTIFICATE_KEY: certificateKey,
    SITE_DIR: siteDir,
    ACCESS_LOG: accessLog,
  };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "string" || !PLAIN.test(value)) {
      throw new Error(
        `${name}: ${JSON.stringify(value)} is not a plain value (no spaces, quotes, braces or semicolons)`,
      );
    }
  }
  if (!Array.isArray(inquiryServers) || inquiryServers.length === 0) {
    throw new Error("at least one inquiry server (host:port) is needed");
  }
  for (const server of inquiryServers) {
    if (!/^[\w.-]+:\d{1,5}$|^\[[\da-fA-F:]+\]:\d{1,5}$|^unix:\/[^\s;{}]+$/.test(server)) {
      throw new Error(`inquiry server ${JSON.stringify(server)} is not host:port`);
    }
  }
  const securityHeaders = [...everywhere]
    .map(([name, value]) => `        add_header ${name} ${quoted(value)} always;`)
    .join("\n");
  const filled = {
    ...values,
    NOT_FOUND_PAGES: notFoundPages(redirectsFile),
    FEED_CONTENT_TYPE: feed[1].get("Content-Type").replaceAll('"', ""),
    FEED_PATTERN: feedPattern,
    SECURITY_HEADERS: securityHeaders,
  };

  const lines = [];
  for (const line of template.split("\n")) {
    // Comments keep their ${…}: they document the template.
    if (/^\s*#/.test(line)) {
      lines.push(line);
      continue;
    }
    const copies = line.includes(REPEATED) ? inquiryServers.map((server) => line.replaceAll(REPEATED, server)) : [line];
    for (const copy of copies) {
      lines.push(
        copy.replace(/\$\{(\w+)\}/g, (whole, name) => {
          if (!(name in filled)) throw new Error(`the template has an unknown placeholder ${whole}`);
          return filled[name];
        }),
      );
    }
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      "server-name": { type: "string" },
      "site-dir": { type: "string" },
      certificate: { type: "string" },
      "certificate-key": { type: "string" },
      "inquiry-server": { type: "string", multiple: true },
      "listen-https": { type: "string", default: "443" },
      "listen-http": { type: "string", default: "80" },
      "access-log": { type: "string" },
    },
  });
  try {
    for (const name of ["server-name", "site-dir", "certificate", "certificate-key", "inquiry-server"]) {
      if (!values[name]) throw new Error(`--${name} is required`);
    }
    process.stdout.write(
      renderSiteConfig({
        serverName: values["server-name"],
        siteDir: values["site-dir"],
        certificate: values.certificate,
        certificateKey: values["certificate-key"],
        inquiryServers: values["inquiry-server"],
        listenHttps: values["listen-https"],
        listenHttp: values["listen-http"],
        ...(values["access-log"] ? { accessLog: values["access-log"] } : {}),
      }),
    );
  } catch (error) {
    console.error(`error: ${error.message}`);
    process.exit(2);
  }
}
