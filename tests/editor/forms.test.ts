import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { errorSchemaOf, fieldId, splitPath } from "../../editor/app/error-schema.ts";
import { pathName, pathWords } from "../../editor/app/item-names.ts";
import { formFor, zodSchemaFor } from "../../editor/server/forms.ts";
import { DATA_FILES } from "../../schemas/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: a walk through generated JSON Schema
type Json = Record<string, any>;

describe("a file's form comes from its schema", () => {
  const consultants = formFor(zodSchemaFor("consultants.yaml", ["de"]) as never);
  const item = (consultants.schema as Json).properties.consultants.items;

  it("with the schema's descriptions as hints and its strict keys", () => {
    expect(item.properties.role.description).toBe("Title in the firm, like Managing Partner");
    expect(item.properties.arrRange.description).toMatch(/^ARR range the consultant focuses on: write both ends/);
    expect(item.additionalProperties).toBe(false);
    expect(item.required).toContain("arrRange");
  });

  it("with text fields sized by their kind: a paragraph, a sentence, one line", () => {
    const ui = (consultants.uiSchema as Json).consultants.items;
    expect(ui.background).toEqual({ "ui:widget": "textarea", "ui:options": { rows: 5 } });
    expect(ui.achievements.items).toEqual({ "ui:widget": "textarea", "ui:options": { rows: 2 } });
    expect(ui.role).toBeUndefined();
  });

  it("choices as enums, and no defaults the file does not say", () => {
    const text = JSON.stringify(formFor(zodSchemaFor("site.yaml", ["de"]) as never).schema);
    expect(text).not.toContain('"default"');
    expect(text).toContain('"enum"');
  });

  it("a translation's form holds only the texts to translate", () => {
    const de = formFor(zodSchemaFor("de/consultants.yaml", ["de"]) as never).schema as Json;
    const keys = Object.keys(de.properties.consultants.items.properties);
    expect(keys).toContain("role");
    expect(keys).not.toContain("slug");
    expect(keys).not.toContain("arrRange");
    expect(zodSchemaFor("fr/consultants.yaml", ["de"])).toBeUndefined();
    expect(zodSchemaFor("insights/crm-hygiene.md", ["de"])).toBeUndefined();
  });
});

/** Every field of a form's JSON Schema: its path and schema, at any depth (lists' items, records' values). */
function fields(node: Json, path = ""): Array<[string, string, Json]> {
  const out: Array<[string, string, Json]> = [];
  for (const [key, value] of Object.entries<Json>(node.properties ?? {})) {
    out.push([`${path}.${key}`, key, value], ...fields(value, `${path}.${key}`));
  }
  if (node.items) out.push(...fields(node.items, `${path}[]`));
  if (typeof node.additionalProperties === "object") out.push(...fields(node.additionalProperties, `${path}.*`));
  for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) out.push(...fields(option, path));
  return out;
}

describe("a form speaks in people's words, said once in the schemas", () => {
  const files = [
    "glossary.yaml",
    ...DATA_FILES.map((entry) => entry.file),
    ...DATA_FILES.map((entry) => `de/${entry.file}`),
  ].filter((file) => zodSchemaFor(file, ["de"]));

  it.each(files)("every field of %s has a title that is not its key", (file) => {
    const form = formFor(zodSchemaFor(file, ["de"]) as never).schema as Json;
    const all = fields(form);
    expect(all.length).toBeGreaterThan(0);
    const untitled = all.filter(([, key, schema]) => typeof schema.title !== "string" || schema.title === key);
    expect(untitled.map(([path]) => path)).toEqual([]);
  });

  it("a consultant's fields: ARR range, Areas of expertise, in the German form too", () => {
    const item = (file: string) =>
      (formFor(zodSchemaFor(file, ["de"]) as never).schema as Json).properties.consultants.items.properties;
    for (const file of ["consultants.yaml", "de/consultants.yaml"]) {
      expect(item(file).role.title).toBe("Role");
      expect(item(file).expertise.title).toBe("Areas of expertise");
    }
    expect(item("consultants.yaml").arrRange.title).toBe("ARR range");
  });

  const root = formFor(zodSchemaFor("consultants.yaml", ["de"]) as never).schema as Json;
  const data = parse(readFileSync(join(import.meta.dirname, "..", "..", "data", "consultants.yaml"), "utf8"));
  it.each([
    [["consultants", 0], "Katharina Lindqvist"],
    [["consultants", 1, "role"], "Marco Bellini, Role"],
    [["consultants", 0, "expertise", 2], "Katharina Lindqvist, Areas of expertise item 3"],
    [["consultants"], "Consultants"],
  ] as const)("%j is called %s", (path, name) => {
    expect(pathName(root, data, undefined, path)).toBe(name);
  });

  it("an item with no name yet is its list's item by number; a translation's by the English name", () => {
    const fresh = { consultants: [...data.consultants, {}] };
    expect(pathWords(root, fresh, undefined, ["consultants", 6])).toEqual(["Consultants item 7"]);
    const german = formFor(zodSchemaFor("de/consultants.yaml", ["de"]) as never).schema as Json;
    const de = { consultants: [{ role: "Geschäftsführende Partnerin" }] };
    expect(pathName(german, de, data, ["consultants", 0, "role"])).toBe("Katharina Lindqvist, Role");
  });
});

describe("a diagnostic finds its field", () => {
  const d = {
    file: "data/consultants.yaml",
    line: 11,
    column: 15,
    endLine: 11,
    endColumn: 21,
    severity: "error" as const,
    path: "consultants[0].arrRange",
    message: "the low end must be below the high end",
    hint: "low before high",
  };
  it.each([
    ["consultants[0].arrRange", ["consultants", 0, "arrRange"], "root_consultants_0_arrRange"],
    ["stats.pipeline.value", ["stats", "pipeline", "value"], "root_stats_pipeline_value"],
    ["", [], "root"],
  ])("%s", (path, segments, id) => {
    expect(splitPath(path)).toEqual(segments);
    expect(fieldId(path)).toBe(id);
  });

  it("under the field, with file:line:col and the hint", () => {
    expect(errorSchemaOf([d, { ...d, path: "" }])).toEqual({
      consultants: {
        0: {
          arrRange: {
            __errors: [
              "data/consultants.yaml:11:15 error: the low end must be below the high end (hint: low before high)",
            ],
          },
        },
      },
    });
  });
});

describe("references are pickers of what exists", () => {
  const read = (file: string) => parse(readFileSync(join(import.meta.dirname, "..", "..", "data", file), "utf8"));
  const data = {
    formOptions: read("form-options.yaml"),
    stats: read("stats.yaml"),
    consultants: read("consultants.yaml"),
  };

  it("a consultant's industries: the inquiry form's industry options, by label", () => {
    const form = formFor(zodSchemaFor("consultants.yaml", ["de"]) as never, data as never);
    const picker = (form.uiSchema as Json).consultants.items.industries.items;
    expect(picker["ui:widget"]).toBe("reference");
    expect(picker["ui:options"].choices).toEqual(
      data.formOptions.industry.map((o: { value: string; label: string }) => ({ value: o.value, label: o.label })),
    );
    expect(JSON.stringify(form.schema)).not.toContain("refersTo");
  });

  it("a figure's id: the ids of stats.yaml, by their label", () => {
    const form = formFor(zodSchemaFor("home.yaml", ["de"]) as never, data as never);
    const choices = (form.uiSchema as Json).results.stats.items["ui:options"].choices;
    expect(choices).toContainEqual({ value: "pipeline", label: data.stats.stats.pipeline.label });
  });
});
