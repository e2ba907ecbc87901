import { describe, expect, it } from "vitest";
import { validateDataDir } from "../../cli/lib/validate.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { checkRules, closest, formatPath, suggestion } from "../../schemas/rules.ts";
import { DATA, shipped } from "../cli/support.ts";

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

describe("checkRules on the shipped data", () => {
  it("finds nothing; links into /insights wait for the articles (the header's Insights link among them)", async () => {
    const result = await validateDataDir(DATA);
    expect(Object.keys(result.data).sort()).toEqual(DATA_FILES.map((entry) => entry.key).sort());

    const nav = shipped<{ nav: Array<{ href: string }> }>("site.yaml").nav;
    const insights = nav.findIndex((link) => link.href === "/insights");
    expect(insights).toBeGreaterThanOrEqual(0);

    const issues = checkRules(result.data as DataSet);
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
    const issues = checkRules({ consultants: { consultants: [...consultants.consultants, twin] } });
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
