import { describe, expect, it } from "vitest";
import { validateDataDir } from "../../content/validate.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { duplicates } from "../../schemas/rules/ids.ts";
import { RULES, runRules } from "../../schemas/rules/index.ts";
import { statedPeriods } from "../../schemas/rules/legal.ts";
import { checkHref } from "../../schemas/rules/links.ts";
import { checkTokens } from "../../schemas/rules/tokens.ts";
import { closest, formatPath, suggestion } from "../../schemas/suggest.ts";
import { DATA, shipped } from "../support/cli.ts";

describe("closest", () => {
  const keys = ["slug", "name", "role", "specialization", "focus", "arrRange", "background"];
  it.each([
    ["one letter missing", "arrRang", keys, "arrRange"],
    ["two letters swapped", "arrRnage", keys, "arrRange"],
    ["case is ignored", "ARRRANGE", keys, "arrRange"],
    ["an exact match", "role", keys, "role"],
    ["short input allows one edit", "rol", keys, "role"],
    ["the nearest of several", "specialisation", keys, "specialization"],
    ["nothing close", "website", keys, undefined],
    ["too far for a short word", "xyz", keys, undefined],
    ["no candidates", "arrRange", [], undefined],
  ])("%s: %s", (_name, input, candidates, expected) => {
    expect(closest(input, candidates)).toBe(expected);
  });
});

describe("suggestion", () => {
  it("offers the close candidate", () => {
    expect(suggestion("/abut", ["/", "/about", "/contact"], "pages")).toBe("did you mean `/about`?");
  });
  it("lists every candidate when none is close, wrapped like the token", () => {
    expect(suggestion("nope", ["name", "email"], "firm fields", "{firm.", "}")).toBe(
      "the firm fields are `{firm.name}`, `{firm.email}`",
    );
  });
});

describe("formatPath", () => {
  it.each([
    ["the whole file", [], ""],
    ["a top-level key", ["stats"], "stats"],
    ["a list item's field", ["consultants", 2, "arrRange"], "consultants[2].arrRange"],
    ["nested lists", ["footer", "columns", 1, "links", 0, "href"], "footer.columns[1].links[0].href"],
    ["a list at the top", [0, "name"], "[0].name"],
    ["lists in lists", ["a", 0, 1], "a[0][1]"],
  ])("%s", (_name, path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe("runRules on the shipped data", () => {
  it("finds nothing; links into /insights wait for the articles (the header's Insights link among them)", async () => {
    const result = await validateDataDir(DATA);
    expect(Object.keys(result.data).sort()).toEqual(DATA_FILES.map((entry) => entry.key).sort());

    const nav = shipped<{ nav: Array<{ href: string }> }>("site.yaml").nav;
    const insights = nav.findIndex((link) => link.href === "/insights");
    expect(insights).toBeGreaterThanOrEqual(0);

    const issues = runRules(result.data as DataSet);
    expect(issues.filter((issue) => issue.deferredHref === undefined)).toEqual([]);
    expect(issues).toContainEqual({
      key: "site",
      path: ["nav", insights, "href"],
      severity: "error",
      message: "",
      deferredHref: "/insights",
    });
  });

  it("runs the rules that need only some files when others failed", async () => {
    const result = await validateDataDir(DATA);
    const { consultants } = result.data as DataSet;
    const twin = { ...consultants.consultants[0], name: "Twin" } as (typeof consultants.consultants)[number];
    const issues = runRules({ consultants: { consultants: [...consultants.consultants, twin] } });
    expect(issues).toEqual([
      {
        key: "consultants",
        path: ["consultants", consultants.consultants.length, "slug"],
        severity: "error",
        message: `duplicate slug "${twin.slug}": already used by consultants[0]`,
        hint: "each slug must be unique; remove the duplicate or change one of them",
      },
    ]);
  });
});

describe("the rule table", () => {
  it("names every rule once", () => {
    const names = RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["referencesExist", "internalLinksResolve", "tokensKnown"]));
  });

  it("skips a rule while a file it needs has errors of its own (no cascade)", async () => {
    const { data } = await validateDataDir(DATA);
    const { consultants, formOptions } = data as DataSet;
    const stranger = {
      ...consultants.consultants[0],
      industries: ["aerospace"],
    } as (typeof consultants.consultants)[number];
    const industries = RULES.filter((r) => r.name === "referencesExist");
    expect(runRules({ consultants: { consultants: [stranger] } }, industries)).toEqual([]);
    expect(runRules({ consultants: { consultants: [stranger] }, formOptions }, industries)).toEqual([
      expect.objectContaining({ path: ["consultants", 0, "industries", 0], severity: "error" }),
    ]);
  });
});

describe("rules as pure functions", () => {
  it("duplicates: each repeat points at the first use", () => {
    expect(duplicates("clients", ["a", "b", "a", "a"], (x) => x, [], "name", ["clients"])).toEqual([
      expect.objectContaining({ path: ["clients", 2], message: 'duplicate name "a": already used by clients[0]' }),
      expect.objectContaining({ path: ["clients", 3], message: 'duplicate name "a": already used by clients[0]' }),
    ]);
  });

  it.each([
    ["a route", "/about", []],
    ["a section that exists", "/approach#scale", []],
    ["a placeholder", "#", ["warning"]],
    ["mail", "mailto:x@example.com", []],
    ["a route that is not there", "/abut", ["error"]],
    ["a section that is not there", "/approach#nope", ["error"]],
  ])("checkHref: %s", (_name, href, severities) => {
    const issues = checkHref("home", ["link", "href"], href, { "/approach": ["scale"] });
    expect(issues.map((issue) => issue.severity)).toEqual(severities);
  });

  it("checkHref defers a link into /insights to the article check, with its place", () => {
    expect(checkHref("site", ["nav", 4, "href"], "/insights/tags/crm", {})).toEqual([
      { key: "site", path: ["nav", 4, "href"], severity: "error", message: "", deferredHref: "/insights/tags/crm" },
    ]);
  });

  it("checkTokens: an unknown token, and retention not checked while legal.yaml has errors", () => {
    expect(checkTokens("home", ["x"], "{stats.pipelin} {retention.nope}", { pipeline: {} }, undefined)).toEqual([
      expect.objectContaining({ needle: "{stats.pipelin}", hint: "did you mean `{stats.pipeline}`?" }),
    ]);
  });

  it("statedPeriods: the retention tokens anywhere in the notice", () => {
    expect([...statedPeriods({ a: ["kept {retention.inquiryDays} days"], b: { c: "{retention.x}" } })]).toEqual([
      "inquiryDays",
      "x",
    ]);
  });
});
