// Phrase markers as the pages show them (docs/i18n.md §7): a React text, an
// article's Markdown, the plain-text places, and the lock's hash.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseBody } from "../../content/articles/body.ts";
import { markdown } from "../../content/articles/markdown.ts";
import { renderBody } from "../../content/articles/render.ts";
import { lineCounterFor } from "../../content/source.ts";
import { sourceHash } from "../../schemas/hash.ts";
import { plainText } from "../../schemas/phrases.ts";
import { cardSpecOf } from "../../site/cards/card-spec.ts";
import { Phrased } from "../../site/components/Phrased.tsx";
import { pageMeta } from "../../site/lib/page-meta.ts";
import { Contents } from "../../site/pages/insights-article/Contents.tsx";

const html = (text: string) => renderToStaticMarkup(createElement("p", null, createElement(Phrased, { text })));

describe("a data text in a component (Phrased)", () => {
  it("renders a marked phrase as a span in its language, the rest as text", () => {
    expect(html("Ready to grow [ganzheitlich]{lang=de}?")).toBe(
      '<p>Ready to grow <span lang="de">ganzheitlich</span>?</p>',
    );
    expect(html("[A]{lang=de} and [B & C]{lang=en}")).toBe(
      '<p><span lang="de">A</span> and <span lang="en">B &amp; C</span></p>',
    );
  });

  it("leaves a text without markers as it is, a broken marker as written", () => {
    expect(html("Thinking holistically <3")).toBe("<p>Thinking holistically &lt;3</p>");
    expect(html("grow ganzheitlich{lang=de}")).toBe("<p>grow ganzheitlich{lang=de}</p>");
  });
});

describe("an article's Markdown", () => {
  it("renders the same marker as a span, in paragraphs, headings and links", () => {
    expect(markdown.render("We grow [ganzheitlich]{lang=de}, *really*.")).toBe(
      '<p>We grow <span lang="de">ganzheitlich</span>, <em>really</em>.</p>\n',
    );
    expect(markdown.render("## Thinking [Ganzheitlich]{lang=de}")).toBe(
      '<h2>Thinking <span lang="de">Ganzheitlich</span></h2>\n',
    );
    expect(markdown.render("[the [ganzheitlich]{lang=de} method](/about)")).toBe(
      '<p><a href="/about">the <span lang="de">ganzheitlich</span> method</a></p>\n',
    );
  });

  it("keeps a link, a reference and code as they were", () => {
    expect(markdown.render("[ganzheitlich](/about) and `[x]{lang=de}`")).toBe(
      '<p><a href="/about">ganzheitlich</a> and <code>[x]{lang=de}</code></p>\n',
    );
    expect(markdown.render("[ganzheitlich]{lang=de\n")).toBe("<p>[ganzheitlich]{lang=de</p>\n");
  });
});

describe("a marked heading of an article", () => {
  const text = "## Thinking [Ganzheitlich]{lang=de} about CRM\n\n| stage | owner |\n| --- | --- |\n| a | b |\n";
  const context = { firm: {} as never, stats: {}, retention: {} };
  const body = parseBody({ file: "data/insights/x.md", text, lines: lineCounterFor(text) }, 0, 1, context, false);

  it("keeps its marker for the table of contents, and its id from the plain words", () => {
    expect(body.headings).toEqual([
      { depth: 2, id: "thinking-ganzheitlich-about-crm", text: "Thinking [Ganzheitlich]{lang=de} about CRM" },
    ]);
    const contents = renderToStaticMarkup(createElement(Contents, { heading: "Contents", items: body.headings }));
    expect(contents).toContain(
      '<a href="#thinking-ganzheitlich-about-crm" class="text-link underline-offset-2 hover:underline">Thinking <span lang="de">Ganzheitlich</span> about CRM</a>',
    );
  });

  it("names its section's table by the plain words", () => {
    expect(renderBody(body.tokens, body.headings, "Link")).toContain('aria-label="Thinking Ganzheitlich about CRM"');
  });
});

describe("plain-text places", () => {
  it("keep the words without the marker: title, description, card", () => {
    expect(plainText("Thinking [ganzheitlich]{lang=de}: how")).toBe("Thinking ganzheitlich: how");
    const meta = pageMeta({
      urlPathname: "/insights/x",
      data: { meta: { title: "Grow [ganzheitlich]{lang=de}", description: "A [b]{lang=de} c", path: "/insights/x" } },
    });
    expect(meta).toMatchObject({ title: "Grow ganzheitlich", description: "A b c" });
    expect(cardSpecOf({ meta })).toMatchObject({ title: "Grow ganzheitlich", description: "A b c" });
  });
});

describe("the lock's hash of an English text", () => {
  it("ignores a marker: marking a word is no change to translate, changing it is", () => {
    expect(sourceHash("Ready to grow [ganzheitlich]{lang=de}?")).toBe(sourceHash("Ready to grow ganzheitlich?"));
    expect(sourceHash("Ready to grow [holistically]{lang=de}?")).not.toBe(sourceHash("Ready to grow ganzheitlich?"));
  });
});
