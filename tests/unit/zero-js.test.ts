import { existsSync, readFileSync } from "node:fs";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { builtPages, CLIENT_DIR } from "../../scripts/lib/first-load.js";
import { withoutScripts } from "../../scripts/lib/zero-js.js";

const count = (html: string, test: (name: string, attribs: Record<string, string>) => boolean) => {
  let found = 0;
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as { name?: string; attribs?: Record<string, string>; children?: unknown[] }[]) {
      if (node.name && test(node.name, node.attribs ?? {})) found++;
      if (node.children) walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return found;
};
const scriptsAndPreloads = (html: string) =>
  count(html, (name, a) => name === "script" || name === "template" || (name === "link" && a.rel === "modulepreload"));

describe("the zero-JavaScript copy of a page", () => {
  const page = [
    "<!DOCTYPE html><html lang=en><head><style>p{color:red}</style>",
    '<link rel="stylesheet" href="/a.css" disabled><script type="application/ld+json">{"a":"&amp;"}</script>',
    '<script src="/after-paint.js" defer></script></head><body><p title="a &amp; b">Tom &amp; Jerry</p>',
    '<template id="after-paint"><link rel="modulepreload" href="/x.js"><script type="module" src="/e.js"></script></template>',
    '<link rel="modulepreload" href="/y.js"><script id="vike_pageContext" type="application/json">{}</script></body></html>',
  ].join("");

  it("has no script, module preload or template, and keeps the rest as it was", () => {
    expect(scriptsAndPreloads(page)).toBe(7);
    const copy = withoutScripts(page);
    expect(scriptsAndPreloads(copy)).toBe(0);
    expect(copy).toContain('<p title="a &amp; b">Tom &amp; Jerry</p>');
    expect(copy).toContain("<style>p{color:red}</style>");
    expect(copy).toContain('<link rel="stylesheet" href="/a.css" disabled>');
  });

  // On the built site, when there is one (npm run build): every page's copy.
  it.runIf(existsSync(`${CLIENT_DIR}/index.html`))("holds for every built page", () => {
    for (const file of builtPages()) {
      const html = readFileSync(`${CLIENT_DIR}/${file}`, "utf8");
      expect(scriptsAndPreloads(html), file).toBeGreaterThan(0);
      const copy = withoutScripts(html);
      expect(scriptsAndPreloads(copy), file).toBe(0);
      expect(copy.replace(/\s+/g, " ").length, file).toBeGreaterThan(html.length / 3);
    }
  });
});
