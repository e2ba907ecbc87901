// The `{tokens}` the editor offers: every one that exists in the data (the
// files read here, not a list in the test), and none that does not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { validateContent } from "../../content/content.ts";
import { tokenBefore, tokensFor } from "../../editor/app/tokens.ts";
import { formFor, zodSchemaFor } from "../../editor/server/forms.ts";
import { tokenChoices } from "../../editor/server/tokens.ts";
import type { DataSet } from "../../schemas/index.ts";
import { FIRM_TOKENS } from "../../schemas/templates.ts";

const dataDir = join(import.meta.dirname, "..", "..", "data");
const yaml = (file: string) => parse(readFileSync(join(dataDir, file), "utf8"));
let data: Partial<DataSet>;

beforeAll(async () => {
  data = (await validateContent(dataDir, { cache: false })).data;
}, 60_000);

describe("the tokens offered come from the data", () => {
  it("the firm's fields, every figure of stats.yaml and every retention period of legal.yaml, with their values", () => {
    const stats = yaml("stats.yaml").stats as Record<string, { value: string }>;
    const retention = yaml("legal.yaml").retention as Record<string, number>;
    const site = yaml("site.yaml");
    const choices = tokenChoices(data);
    expect(choices.map((c) => c.token).sort()).toEqual(
      [
        ...FIRM_TOKENS.map((k) => `{firm.${k}}`),
        ...Object.keys(stats).map((k) => `{stats.${k}}`),
        ...Object.keys(retention).map((k) => `{retention.${k}}`),
      ].sort(),
    );
    const [figure, { value }] = Object.entries(stats)[0] as [string, { value: string }];
    expect(choices).toContainEqual({ token: `{stats.${figure}}`, value });
    expect(choices).toContainEqual({ token: "{firm.name}", value: site.firm.name });
  });

  it("a figure added to stats.yaml is offered with no editor code changed; none while stats.yaml has errors", () => {
    const stats = data.stats as DataSet["stats"];
    const more = {
      ...data,
      stats: { ...stats, stats: { ...stats.stats, newFigure: { ...Object.values(stats.stats)[0], value: "42" } } },
    };
    expect(tokenChoices(more as Partial<DataSet>)).toContainEqual({ token: "{stats.newFigure}", value: "42" });
    const { stats: _broken, ...withoutStats } = data;
    expect(tokenChoices(withoutStats)).toEqual([]);
  });

  it("every form carries them to its widgets (rjsf's global options)", () => {
    const form = formFor(zodSchemaFor("home.yaml", ["de"]) as never, data);
    expect((form.uiSchema["ui:globalOptions"] as { tokens: unknown }).tokens).toEqual(tokenChoices(data));
  });
});

describe("what is typed before the caret", () => {
  it("an unclosed { is a token being typed; a closed one or none is not", () => {
    expect(tokenBefore("Build with {fi", 14)).toEqual({ from: 11, typed: "{fi" });
    expect(tokenBefore("between {stats.tar", 18)).toEqual({ from: 8, typed: "{stats.tar" });
    expect(tokenBefore("Build with {firm.name} and", 26)).toBeUndefined();
    expect(tokenBefore("no brace", 8)).toBeUndefined();
  });

  it("a doubled {{ is a brace written as a brace, not a token being typed; a third { starts one", () => {
    expect(tokenBefore("a set {{", 8)).toBeUndefined();
    expect(tokenBefore("a set {{a", 9)).toBeUndefined();
    expect(tokenBefore("a set {{{fi", 11)).toEqual({ from: 8, typed: "{fi" });
  });

  it("offers the tokens that begin with it", () => {
    const choices = tokenChoices(data);
    expect(tokensFor(choices, "{firm.").map((c) => c.token)).toEqual(FIRM_TOKENS.map((k) => `{firm.${k}}`));
    expect(tokensFor(choices, "{nothing")).toEqual([]);
  });
});
