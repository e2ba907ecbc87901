// The brace scanner (schemas/templates.ts, issue 42): every brace of a text
// is a token, a doubled brace, a phrase marker or a placeholder the text
// declares; anything else is a problem at the brace itself, with the nearest
// token and the way to write a brace that is meant.
import { describe, expect, it } from "vitest";
import { braceProblems, tokenNames } from "../../schemas/templates.ts";

const names = tokenNames({ stats: { targetArr: {}, salesCycle: {} }, retention: { inquiryDays: 180 } });

/** [index, written] of each problem. */
const found = (text: string, placeholders: string[] = []) =>
  braceProblems(text, names, placeholders).map((p) => [p.index, p.written]);

describe("tokenNames", () => {
  it("the firm fields, the figures and the retention periods, as written between braces", () => {
    expect(names).toEqual([
      "firm.name",
      "firm.legalName",
      "firm.tagline",
      "firm.email",
      "firm.baseUrl",
      "stats.targetArr",
      "stats.salesCycle",
      "retention.inquiryDays",
    ]);
  });
});

describe("braceProblems", () => {
  it.each([
    ["no brace", "Plain text"],
    ["tokens of each scope", "{firm.name} at {stats.targetArr:title}, kept {retention.inquiryDays} days"],
    ["an unknown figure (the token rule says which)", "{stats.nope}"],
    ["doubled braces", "write {{ and }} for braces, {{stats.targetArr}} for the text"],
    ["a token inside doubled braces", "{{{firm.name}}}"],
    ["a phrase marker", "the [ganzheitlich]{lang=de} view"],
    ["a malformed phrase marker (the phrase rule says what)", "{lang=de"],
  ])("none in %s", (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it("a { never closed, at the brace, with the name that follows it", () => {
    const [problem] = braceProblems("scale-ups between {stats.targetArr ARR.", names);
    expect(problem).toEqual({
      index: 18,
      written: "{stats.targetArr",
      message: "`{stats.targetArr` is never closed: a token ends with `}`",
      hint: "did you mean `{stats.targetArr}`? (a brace meant as a brace is written twice: `{{`)",
    });
  });

  it("a } without its {, with the token its name is near", () => {
    const [problem] = braceProblems("cycles stats.salesCycle} shorter", names);
    expect(problem).toMatchObject({ index: 23, written: "}", message: "a `}` without its `{`" });
    expect(problem?.hint).toBe("did you mean `{stats.salesCycle}`? (a brace meant as a brace is written twice: `}}`)");
  });

  it("a {name} that is not a token, the nearest token in the hint", () => {
    const [problem] = braceProblems("by {site.name}", names);
    expect(problem).toMatchObject({ index: 3, written: "{site.name}", message: "`{site.name}` is not a token" });
    expect(problem?.hint).toContain("did you mean `{firm.name}`?");
  });

  it("with no token near, the forms a token takes", () => {
    expect(braceProblems("{unknown.thing}", names)[0]?.hint).toBe(
      "a token is `{firm.<field>}`, `{stats.<id>}` or `{retention.<key>}`; a brace meant as a brace is written twice: `{{`",
    );
  });

  it("a title-case modifier is kept in the suggestion", () => {
    expect(braceProblems("Your {stats.targetArr:title ARR", names)[0]?.hint).toContain("`{stats.targetArr:title}`");
  });

  it("a placeholder the text declares is allowed; another one is not, and the hint names the declared ones", () => {
    expect(found("{label} is required.", ["label", "max"])).toEqual([]);
    expect(found("{label} is required.")).toEqual([[0, "{label}"]]);
    const [problem] = braceProblems("{labl} is required.", names, ["label", "max"]);
    expect(problem?.hint).toContain("did you mean `{label}`?");
    expect(braceProblems("{x}", names, ["label"])[0]?.hint).toContain("and this text's own `{label}`");
  });

  it("each problem once, at its own brace", () => {
    expect(found("a { b } c } d {stats.targetArr")).toEqual([
      [2, "{ b }"],
      [10, "}"],
      [14, "{stats.targetArr"],
    ]);
  });

  it("a } that closes a brace is not reported again; a doubled }} is not a closer", () => {
    expect(found("{stats.targetArr ARR}")).toEqual([[0, "{stats.targetArr ARR}"]]);
    expect(found("{stats.targetArr and }} more")).toEqual([[0, "{stats.targetArr"]]);
  });

  it("a { is closed on its own line only, and only before the next {", () => {
    expect(found("{stats.targetArr\n}")).toEqual([
      [0, "{stats.targetArr"],
      [17, "}"],
    ]);
    expect(found("{stats.targetArr {firm.name}")).toEqual([[0, "{stats.targetArr"]]);
  });

  it("a brace far from its closer is never closed, and the closer is its own problem", () => {
    const text = `{${"x".repeat(60)}}`;
    expect(found(text)).toEqual([
      [0, `{${"x".repeat(60)}`],
      [61, "}"],
    ]);
  });

  it("a lone brace at the end, or alone", () => {
    expect(found("ends with {")).toEqual([[10, "{"]]);
    expect(found("}")).toEqual([[0, "}"]]);
    expect(braceProblems("{", names)[0]?.message).toBe("a `{` that is never closed");
  });
});
