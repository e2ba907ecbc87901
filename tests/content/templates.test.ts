import { describe, expect, it } from "vitest";
import { FIRM_TOKENS, findTokens, resolveDeep, resolveTokens, type TokenContext } from "../../schemas/templates.ts";

const context: TokenContext = {
  firm: {
    name: "Acme",
    legalName: "Acme Partners",
    tagline: "Growth for {firm.name}",
    email: "hi@acme.example",
    baseUrl: "https://acme.example",
  },
  stats: { pipeline: { value: "€100M+" }, roi: { value: "90 days" }, guarantee: { value: "90-day" } },
  retention: { inquiryDays: 180, serverLogDays: 0 },
};

describe("findTokens", () => {
  it.each([
    ["no tokens", "Plain text", []],
    [
      "one of each scope",
      "Ask {firm.name} about {stats.pipeline}",
      [
        { token: "{firm.name}", scope: "firm", key: "name", index: 4 },
        { token: "{stats.pipeline}", scope: "stats", key: "pipeline", index: 22 },
      ],
    ],
    [
      "unknown keys are still tokens",
      "{stats.nope}",
      [{ token: "{stats.nope}", scope: "stats", key: "nope", index: 0 }],
    ],
    ["doubled braces are braces, not a token", "{{firm.email}}", []],
    [
      "a token inside doubled braces",
      "{{{firm.email}}}",
      [{ token: "{firm.email}", scope: "firm", key: "email", index: 2 }],
    ],
    [
      "a title-case modifier",
      "Our {stats.guarantee:title} guarantee",
      [{ token: "{stats.guarantee:title}", scope: "stats", key: "guarantee", index: 4 }],
    ],
    ["an unknown modifier is not a token", "{stats.guarantee:upper}", []],
    [
      "a retention period",
      "kept {retention.inquiryDays} days",
      [{ token: "{retention.inquiryDays}", scope: "retention", key: "inquiryDays", index: 5 }],
    ],
    ["another scope is not a token", "{site.name}", []],
    ["an empty key is not a token", "{firm.}", []],
    ["spaces are not allowed", "{ firm.name }", []],
  ])("%s", (_name, text, expected) => {
    expect(findTokens(text)).toEqual(expected);
  });

  it("finds the same tokens when called twice (no regex state leaks between calls)", () => {
    const text = "{firm.name} {firm.name}";
    expect(findTokens(text)).toHaveLength(2);
    expect(findTokens(text)).toHaveLength(2);
  });
});

describe("resolveTokens", () => {
  it.each([
    ["a firm field", "Work with {firm.name}", "Work with Acme"],
    ["a figure", "{stats.pipeline} pipeline", "€100M+ pipeline"],
    ["several in one text", "{stats.roi} to ROI with {firm.legalName}", "90 days to ROI with Acme Partners"],
    ["a figure in title case", "Your Next {stats.roi:title}", "Your Next 90 Days"],
    ["title case after a dash", "Our {stats.guarantee:title} Guarantee", "Our 90-Day Guarantee"],
    ["title case of a firm field", "{firm.tagline:title}", "Growth For {firm.name}"],
    ["an unknown figure is left as it is", "{stats.nope}", "{stats.nope}"],
    ["an unknown firm field is left as it is", "{firm.phone}", "{firm.phone}"],
    ["no second pass over resolved text", "{firm.tagline}", "Growth for {firm.name}"],
    ["an inherited property is not a figure", "{stats.constructor}", "{stats.constructor}"],
    ["a retention period", "deleted after {retention.inquiryDays} days", "deleted after 180 days"],
    ["a retention period of zero", "{retention.serverLogDays}", "0"],
    ["an unknown retention period is left as it is", "{retention.forever}", "{retention.forever}"],
    ["an inherited property is not a period", "{retention.toString}", "{retention.toString}"],
    ["a doubled brace is one brace", "a {{ b }} c", "a { b } c"],
    ["a token in doubled braces is text", "{{firm.name}}", "{firm.name}"],
    ["a token inside doubled braces", "{{{firm.name}}}", "{Acme}"],
    ["a lone brace is left as it is (validation reports it first)", "{label} and }", "{label} and }"],
    ["a phrase marker is left to the site", "[ganzheitlich]{lang=de}", "[ganzheitlich]{lang=de}"],
  ])("%s", (_name, text, expected) => {
    expect(resolveTokens(text, context)).toBe(expected);
  });

  it("knows exactly the firm fields the rules accept", () => {
    expect([...FIRM_TOKENS]).toEqual(["name", "legalName", "tagline", "email", "baseUrl"]);
  });
});

describe("resolveDeep", () => {
  it("resolves strings inside lists and mappings and leaves other values alone", () => {
    const input = { title: "{firm.name}", items: ["{stats.roi}", 3, true, null], nested: { href: "/about" } };
    expect(resolveDeep(input, context)).toEqual({
      title: "Acme",
      items: ["90 days", 3, true, null],
      nested: { href: "/about" },
    });
    expect(input.title).toBe("{firm.name}"); // a copy, not an in-place change
  });
});
