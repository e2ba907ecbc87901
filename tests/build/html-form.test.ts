// The page's HTML form without a parse (engine/html-form.mjs) writes
// what its reference, htmlparser2's parseDocument and dom-serializer's render,
// writes, byte for byte; where it cannot follow the markup it says so (null)
// and the build uses the reference. Checked on the forms React, Vike's
// template and the Markdown renderer write, on markup the reference repairs,
// and on random element trees rendered by React itself (fast-check). Every
// page of two real builds is checked the same way (BUILD_HTML_CHECK=1 in
// tests/build/incremental-build.test.ts and exotic-build.test.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build engine, typed by JSDoc (checkJs in engine)
import { htmlForm, IMPLIES_CLOSE } from "../../engine/html-form.mjs";
// @ts-expect-error: as above
import { referenceForm } from "../../engine/page-html.mjs";

const form = htmlForm as (html: string) => string | null;
const reference = referenceForm as (html: string) => string;

/** Written without a parse, and the same as the reference. */
function expectSame(html: string): string {
  const written = form(html);
  expect(written, "html-form.mjs left it to the reference").not.toBeNull();
  expect(written).toBe(reference(html));
  return written as string;
}

describe("html-form.mjs writes what the reference writes", () => {
  it("a page as Vike and React write it: void elements, attribute case, boolean attributes, entities", () => {
    const page = [
      '<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n',
      "<title>Growth &amp; pipeline &#x27;26 — &quot;now&quot;</title>",
      '<link rel="alternate" hrefLang="de" href="/de?a=1&amp;b=2"/>',
      '<meta name="description" content="It&#x27;s &lt;fast&gt; &amp; \u00a0spaced"/>',
      '<script type="application/ld+json">{"name":"A &amp; B <\\/script>"}</script>',
      '<style>a>b{content:"&amp;"}</style>\n</head>\n',
      '<body><div id="root"><!--$--><p class="x">One<!-- -->two\u00a0three &lt;b&gt; it&#x27;s</p>',
      '<input type="checkbox" checked="" name="a" autoComplete="off"/><br/><img src="/a.png" alt=""/>',
      '<div hidden=""><button type="submit" disabled="">Send</button></div>',
      '<textarea name="m">a &lt;b&gt; &amp; c</textarea>',
      '<template id="after-paint">\n<link rel="modulepreload" href="/a.js">\n</template>',
      '<ul><li><a href="/x" aria-current="page">X</a></li><li>Y</li></ul><!--/$--></div></body>\n</html>',
    ].join("");
    const written = expectSame(page);
    expect(written).toContain('<meta charset="UTF-8">');
    expect(written).toContain('hreflang="de"');
    expect(written).toContain("<div hidden>");
    expect(written).toContain("it's");
  });

  it("SVG: shapes self-close, camel-case attributes keep their case, text and values as XML", () => {
    expectSame(
      '<a href="/"><svg viewBox="0 0 32 32" aria-hidden="true" class="a" stroke-width="2" data-x="it&#x27;s é">' +
        '<rect width="32" height="32" rx="7" fill="var(--c)"></rect><path d="M4 5h16"/>' +
        '<g><circle r="1"></circle><!-- c --></g><polyline points="1 2"></polyline></svg>Home</a>',
    );
  });

  it("an article body as the Markdown renderer writes it: headings, code, tables, quotes", () => {
    expectSame(
      '<article data-static=""><h2 id="a-b">A &amp; B</h2><p>Text with <code>&lt;div&gt;</code> and <em>x</em>.</p>' +
        '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "b";\n</code></pre>' +
        "<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>" +
        "<blockquote><p>Quote</p></blockquote><ol><li><p>one</p></li></ol><hr/></article>",
    );
  });

  it.each([
    ["a <div> opened inside a <p>, which the reference closes", "<p>a<div>b</div></p>"],
    ["an <li> opened inside an <li>", "<ul><li>a<li>b</li></li></ul>"],
    ["an element left open", "<div><span>a</div>"],
    ["a close tag that matches nothing", "<div>a</span></div>"],
    ["a self-closing HTML element that is not void", "<div/><p>a</p>"],
    ["an unquoted attribute", "<a href=/x>a</a>"],
    ["a single-quoted attribute", "<a href='/x'>a</a>"],
    ["a repeated attribute", '<a href="/x" HREF="/y">a</a>'],
    ["MathML", "<math><mi>x</mi></math>"],
    ["an SVG <title>", "<svg><title>t</title></svg>"],
    ["an SVG element with a mixed-case name", "<svg><linearGradient></linearGradient></svg>"],
    ["a carriage return", "<p>a\r\nb</p>"],
    ["a form inside a form", "<form><form></form></form>"],
    ["<noscript>", "<noscript><p>a</p></noscript>"],
    ["an SVG <script>", "<svg><script>a</script></svg>"],
    ["an SVG <style>", "<svg><style>a{}</style></svg>"],
  ])("leaves to the reference: %s", (_what, html) => {
    expect(form(html)).toBeNull();
    expect(typeof reference(html)).toBe("string");
  });
});

/**
 * htmlparser2's openImpliesClose, read from its source (dist/Parser.js; the
 * table is not exported): `const name = new Set([...])` tables, then the
 * map's `["tag", new Set([...])]` or `["tag", name]` entries.
 */
function htmlparser2ImpliesClose(): Map<string, Set<string>> {
  const source = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve("htmlparser2")), "Parser.js"),
    "utf8",
  );
  const names = (list: string) => [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
  const sets = new Map(
    [...source.matchAll(/const (\w+) = new Set\(\[([^\]]*)\]\)/g)].map((match) => [
      match[1] as string,
      names(match[2] as string),
    ]),
  );
  const table = /const openImpliesClose = new Map\(\[([\s\S]*?)\n\]\);/.exec(source)?.[1];
  expect(table, "openImpliesClose in htmlparser2's dist/Parser.js").toBeDefined();
  const entries = [...(table as string).matchAll(/\["([^"]+)", (?:new Set\(\[([^\]]*)\]\)|(\w+))\]/g)];
  return new Map(
    entries.map(([, tag, inline, name]) => {
      const closes = inline !== undefined ? names(inline) : sets.get(name as string);
      expect(closes, `htmlparser2's set ${name}`).toBeDefined();
      return [tag as string, new Set(closes)];
    }),
  );
}

describe("html-form.mjs's copy of htmlparser2's rules", () => {
  it("IMPLIES_CLOSE is htmlparser2's openImpliesClose, entry for entry", () => {
    const theirs = htmlparser2ImpliesClose();
    expect(theirs.size).toBeGreaterThan(40);
    const ours = IMPLIES_CLOSE as Map<string, Set<string>>;
    const sorted = (table: Map<string, Set<string>>) =>
      Object.fromEntries([...table].map(([tag, closes]) => [tag, [...closes].sort()]).sort());
    expect(sorted(ours)).toEqual(sorted(theirs));
  });
});

// Random element trees, rendered by React: the text and attribute values from an alphabet of what needs escaping.
const text = fc.string({ unit: fc.constantFrom("a", " ", "&", "<", ">", '"', "'", "\u00a0", "é", "—", ";", "#", "x") });
const attributes = fc.dictionary(
  fc.constantFrom("className", "title", "id", "hrefLang", "data-x", "aria-label", "hidden", "lang"),
  fc.oneof(text, fc.constant(true)),
  { maxKeys: 3 },
);
const { tree } = fc.letrec<{ tree: ReactNode; node: ReactNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small" },
    text,
    tie("node"),
    fc.array(tie("tree"), { maxLength: 3 }).map((children) => createElement("span", null, ...children)),
  ),
  node: fc
    .tuple(
      fc.constantFrom("div", "span", "section", "em", "button", "br", "img", "svg"),
      attributes,
      fc.array(tie("tree"), { maxLength: 3 }),
    )
    .map(([tag, props, children]) => {
      const cleaned = Object.fromEntries(
        Object.entries(props).map(([key, value]) => [
          key,
          key === "hidden" ? value !== "" : value === true ? "" : value,
        ]),
      );
      if (tag === "br" || tag === "img") return createElement(tag, cleaned);
      if (tag === "svg")
        return createElement(
          "svg",
          { viewBox: "0 0 1 1", ...cleaned },
          createElement("path", { d: "M0 0", strokeWidth: 2 }),
        );
      return createElement(tag, cleaned, ...children);
    }),
}));

describe("html-form.mjs on what React renders", () => {
  it("matches the reference on random element trees, or leaves them to it (a <button> in a <button>)", () => {
    let left = 0;
    fc.assert(
      fc.property(tree, (node) => {
        const html = `<div id="root">${renderToStaticMarkup(createElement("main", null, node))}</div>`;
        const written = form(html);
        if (written === null) left++;
        else expect(written).toBe(reference(html));
      }),
      { numRuns: 400 },
    );
    // Nesting the reference repairs is rare in random trees; most are written without a parse.
    expect(left).toBeLessThan(100);
  });
});
