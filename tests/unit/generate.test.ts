import { transformSync } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { DERIVED_MODULES, renderModules } from "../../cli/lib/generate.ts";
import { validateDataDir } from "../../cli/lib/validate.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { inquirySchemaInput } from "../../schemas/inquiry.ts";
import type * as generatedHome from "../../site/generated/home.ts";
import { DATA, shipped } from "../cli/support.ts";

let data: DataSet;
beforeAll(async () => {
  const result = await validateDataDir(DATA);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  data = result.data as DataSet;
});

const moduleName = (file: string) => file.replace(/\.yaml$/, ".ts");

/** Runs a generated module (TypeScript, `as const`) and returns its exports. */
function evaluate(content: string): Record<string, unknown> {
  const { code } = transformSync(content, { loader: "ts", format: "cjs" });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", code)(module, module.exports);
  return module.exports;
}

/** The YAML as written with its tokens replaced: an oracle that does not share code with the generator. */
function expectedExports(file: string): Record<string, unknown> {
  const site = shipped<{ firm: Record<string, string> }>("site.yaml");
  const stats = shipped<{ stats: Record<string, { value: string }> }>("stats.yaml");
  const retention = shipped<{ retention: Record<string, number> }>("legal.yaml").retention;
  const titleCase = (text: string) =>
    text
      .split(/(?<=[\s-])/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("");
  const substitute = (text: string): string =>
    text.replace(
      /\{(firm|stats|retention)\.(\w+)(:title)?\}/g,
      (_token, scope: string, key: string, title?: string) => {
        const value =
          scope === "firm"
            ? substitute(String(site.firm[key]))
            : scope === "stats"
              ? String(stats.stats[key]?.value)
              : String(retention[key]);
        return title ? titleCase(value) : value;
      },
    );
  const walk = (value: unknown): unknown =>
    typeof value === "string"
      ? substitute(value)
      : Array.isArray(value)
        ? value.map(walk)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
          : value;
  const exports = walk(shipped(file)) as Record<string, unknown>;
  if (file !== "insights.yaml") return exports;
  // insights.ts: the section's texts and tags under their interface names (the articles are in articles.json).
  const { tags, ...texts } = exports;
  return { insightTags: tags, insightsTexts: texts };
}

describe("renderModules (generated in memory from the shipped data)", () => {
  it("renders one module per data file, then the derived ones, then the same for each other language", () => {
    // insights.yaml also gives the article index, articles.json, read on the server.
    const english = [
      ...DATA_FILES.flatMap((entry) => [
        moduleName(entry.file),
        ...(entry.key === "insights" ? ["articles.json"] : []),
      ]),
      ...DERIVED_MODULES,
    ];
    expect(renderModules(data).map((m) => m.name)).toEqual([...english, ...english.map((name) => `de/${name}`)]);
  });

  it("de/<name>.ts: the German texts over the English data, tokens resolved, typed as the English module", () => {
    const translations = { code: "de", files: { home: { hero: { heading: "Wachsen mit {firm.name}" } } }, absent: [] };
    const modules = renderModules(data, [], [{ code: "de", translations }]);
    const german = modules.find((m) => m.name === "de/home.ts")?.content ?? "";
    const english = evaluate(modules.find((m) => m.name === "home.ts")?.content ?? "") as typeof generatedHome;
    const { hero } = evaluate(german) as typeof generatedHome;
    const name = shipped<{ firm: { name: string } }>("site.yaml").firm.name;
    expect(hero.heading).toBe(`Wachsen mit ${name}`);
    // What the translation lacks stays English; values (hrefs) are the English ones.
    expect(hero.lead).toBe(english.hero.lead);
    expect(hero.primary).toEqual(english.hero.primary);
    expect(german).toContain('import type * as en from "../home.ts";');
    expect(german).toContain("export const hero: typeof en.hero = {");
    // The English module types a text as string, a value as its literal: one type for both languages.
    const englishSource = modules.find((m) => m.name === "home.ts")?.content ?? "";
    expect(englishSource).toMatch(/readonly "heading": string;/);
    expect(englishSource).toMatch(/readonly "href": "\/contact";/);
  });

  it("inquiry-schema.ts: the inquiry schema's input, labels and options from the shipped data", () => {
    const module = renderModules(data).find((m) => m.name === "inquiry-schema.ts");
    const { inquirySchemaInput: input } = evaluate(module?.content ?? "") as {
      inquirySchemaInput: ReturnType<typeof inquirySchemaInput>;
    };
    const contact = expectedExports("contact.yaml") as { form: { fields: Record<string, { label: string }> } };
    const options = expectedExports("form-options.yaml") as Record<string, { value: string }[]>;
    expect(input.labels.full.industry).toBe(contact.form.fields.industry?.label);
    expect(input.options.industry.map((o) => o.value)).toEqual(options.industry?.map((o) => o.value));
    expect(input).toEqual(inquirySchemaInput(data as DataSet));
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: matches its snapshot", async (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    // A drift here means the generated site data changed: if intended, update with `npx vitest run -u`.
    await expect(module?.content).toMatchFileSnapshot(`__snapshots__/generated/${moduleName(file)}.snap`);
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: starts with the do-not-edit line", (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    expect(module?.content.split("\n")[0]).toBe(`// Generated from data/${file} by \`npm run generate\`. Do not edit.`);
  });

  it.each(DATA_FILES.map((entry) => [entry.file]))("%s: exports the YAML's data with every token resolved", (file) => {
    const module = renderModules(data).find((m) => m.name === moduleName(file));
    expect(module?.content).not.toContain("{firm.");
    expect(module?.content).not.toContain("{stats.");
    expect(module?.content).not.toContain("{retention.");
    expect(evaluate(module?.content ?? "")).toEqual(expectedExports(file));
  });

  it("puts the firm's name where the data says {firm.name}", () => {
    const name = shipped<{ firm: { name: string } }>("site.yaml").firm.name;
    const home = shipped<{ hero: { heading: string } }>("home.yaml");
    expect(home.hero.heading).toContain("{firm.name}");
    const generated = evaluate(renderModules(data).find((m) => m.name === "home.ts")?.content ?? "");
    expect((generated.hero as { heading: string }).heading).toBe(home.hero.heading.replace("{firm.name}", name));
  });

  it("is deterministic: the same data renders the same bytes", () => {
    expect(renderModules(structuredClone(data))).toEqual(renderModules(data));
  });
});
