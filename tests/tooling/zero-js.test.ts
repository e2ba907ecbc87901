import { describe, expect, it } from "vitest";
import { withoutScripts } from "../../scripts/lib/zero-js.js";
import { scriptsAndPreloads } from "../support/scripts-in-html.ts";

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
  // Every built page: tests/site/zero-js.spec.ts (after the build, in npm test).
});
