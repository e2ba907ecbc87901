// Byte budgets of the built site, read from dist/client (sizes are
// deterministic, so this never depends on timing).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const CLIENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../../dist/client");

export const KiB = 1024;
export const budgets = { html: 14 * KiB, css: 10 * KiB, js: 110 * KiB } as const;

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content).length;
}

export function readBuilt(file: string): Buffer {
  const path = join(CLIENT_DIR, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` before the browser tests`);
  return readFileSync(path);
}

/** The attributes of every `<tag …>` in `html`, as lower-cased name → value maps. */
function tags(html: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attributes: Record<string, string> = {};
    for (const attr of (match[1] ?? "").matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const name = attr[1];
      if (name) attributes[name.toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? "";
    }
    found.push(attributes);
  }
  return found;
}

/** The scripts and stylesheets an HTML page asks for before any interaction. */
export function firstLoadAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = [
    ...tags(html, "script")
      .map((a) => a.src)
      .filter((src): src is string => !!src),
    ...tags(html, "link")
      .filter((a) => a.rel === "modulepreload")
      .map((a) => a.href)
      .filter((href): href is string => !!href),
  ].filter((url) => url.endsWith(".js"));
  const stylesheets = tags(html, "link")
    .filter((a) => a.rel === "stylesheet")
    .map((a) => a.href)
    .filter((href): href is string => !!href);
  return { scripts: unique(scripts), stylesheets: unique(stylesheets) };
}

/**
 * Every module the browser must fetch before the page's scripts run: the
 * listed ones plus what they import statically (`import … from "./x.js"`),
 * transitively. Dynamic `import()` (lazy Radix Tooltip and Dialog) is not
 * first-load. Paths are absolute URL paths ("/assets/…").
 */
export function staticImportClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readBuilt(url.replace(/^\//, "")).toString("utf8");
    const pattern = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier) queue.push(posix.join(posix.dirname(url), specifier));
    }
  }
  return [...seen];
}

export function sumGzip(urls: string[]): number {
  return urls.reduce((total, url) => total + gzipSize(readBuilt(url.replace(/^\//, ""))), 0);
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
