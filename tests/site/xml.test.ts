// Defence in depth at the output: whatever validation lets through, the feed
// writer's escaping gives well-formed XML 1.0, checked by a strict parser.
import { fc, test } from "@fast-check/vitest";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../site/generated/insights.ts";
import { atomFeed } from "../../site/lib/feed.ts";
import { escapeXml, NOT_XML } from "../../site/lib/xml.ts";

/** The document's text and attribute values as a strict XML 1.0 parser reads them; throws when not well-formed. */
function parseXml(xml: string): { text: string; attributes: string[] } {
  const parser = new SaxesParser({ xmlns: false });
  let text = "";
  const attributes: string[] = [];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.on("opentag", (tag) => {
    attributes.push(...Object.values(tag.attributes).map(String));
  });
  parser.write(xml).close();
  return { text, attributes };
}

const EXOTIC = `& < > ]]> " ' \u{1F469}\u{1F3FD}\u200D\u{1F4BB} مرحبا e\u0301 a\u2028b \u200F`;

describe("escapeXml", () => {
  test.prop([fc.string({ unit: "binary" })], { seed: 22, numRuns: 500 })(
    "any string gives well-formed XML, in content and in an attribute, read back as itself",
    (value) => {
      const escaped = escapeXml(value);
      const { text, attributes } = parseXml(`<a t="${escaped}" u='${escaped}'>${escaped}</a>`);
      const expected = value.replace(NOT_XML, "\uFFFD");
      expect(text).toBe(expected);
      // Attribute values normalise white space (tab, LF) to spaces; CR is kept as a reference.
      expect(attributes[0]).toBe(expected.replace(/[\t\n]/g, " "));
    },
  );

  it("keeps exotic but valid text as it is", () => {
    expect(parseXml(`<a>${escapeXml(EXOTIC)}</a>`).text).toBe(EXOTIC);
  });
});

describe("the Atom feed", () => {
  const article = (title: string, description: string): ArticleSummary => ({
    slug: "exotic",
    title,
    description,
    date: "2026-10-01",
    updated: null,
    author: "jonas-weber",
    tags: ["crm"],
    readingMinutes: 1,
    words: 10,
    headings: [],
  });

  it("is well-formed with exotic text, and with characters XML forbids (a vertical tab, a form feed)", () => {
    const feed = atomFeed([
      article(EXOTIC, EXOTIC),
      article("Why\u000b scale-up\u000c CRMs \u0000", "ESC \u001b[2J BEL \u0007 lone \uD800 nonchar \uFFFF"),
    ]);
    const { text } = parseXml(feed);
    expect(text).toContain(EXOTIC);
    expect(text).toContain("Why\uFFFD scale-up\uFFFD CRMs \uFFFD");
    expect(feed.match(NOT_XML)).toBeNull();
  });
});
