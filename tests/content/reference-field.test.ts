// A reference field is said once: its `refersTo` (schemas/references.ts)
// gives the content editor's picker and validate's "it exists" check. Proved
// in a copy of the project whose schema gets a new reference field, and
// nothing else: the copy's own validate reports a dangling value at its line,
// and the copy's own editor form offers what exists.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { formFor } from "../../editor/server/forms.ts";
import { DATA_FILES } from "../../schemas/index.ts";
import { ArticleFrontMatterSchema } from "../../schemas/insights.ts";
import {
  choicesIn,
  danglingReferences,
  formJsonSchema,
  type Reference,
  referenceFields,
  referencesInJson,
  refersTo,
} from "../../schemas/references.ts";
import { referencesExist } from "../../schemas/rules/references.ts";
import { copyProject } from "../support/copy-project.ts";

describe("a new reference field, declared with refersTo and nothing else", () => {
  const copy = copyProject();
  afterAll(copy.cleanup);

  it("gets the editor's picker and validate's check in a copy of the project", () => {
    // A client's industry: a value of the inquiry form's industry options.
    copy.edit(
      "schemas/clients.ts",
      'import { line, name } from "./common.ts";',
      'import { line, name } from "./common.ts";\nimport { refersTo } from "./references.ts";\nimport { value } from "./text.ts";',
    );
    copy.edit(
      "schemas/clients.ts",
      '.meta({ title: "Name" }),',
      `.meta({ title: "Name" }),
          industry: refersTo(value("option", (s) => s), {
            file: "form-options.yaml",
            at: "industry",
            value: "value",
            label: "label",
            noun: "client industry",
            must: "an industry option of form-options.yaml",
            list: "industry values in form-options.yaml",
          }).optional(),`,
    );
    copy.edit("data/clients.yaml", "  - name: Talentforge\n", "  - name: Talentforge\n    industry: hrtec\n");
    // The copy's own code, run as it is.
    const { errors, picker } = copy.run(`import { validateDataDir } from "./content/validate.ts";
import { formFor, zodSchemaFor } from "./editor/server/forms.ts";
const result = await validateDataDir("data");
const schema = zodSchemaFor("clients.yaml", ["de"]);
if (!schema) throw new Error("no schema for clients.yaml");
const form = formFor(schema, result.data);
const errors = result.diagnostics.filter((d) => d.severity === "error");
const ui = form.uiSchema as { clients?: { items?: { industry?: unknown } } };
console.log(JSON.stringify({ errors, picker: ui.clients?.items?.industry }));
`) as { errors: unknown[]; picker: unknown };
    const options = readFileSync(join(copy.root, "data/form-options.yaml"), "utf8");
    expect(options).toContain("value: hrtech");
    expect(errors).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/clients\.yaml$/),
        line: 7,
        column: 15,
        path: "clients[1].industry",
        message: 'unknown client industry "hrtec": not an industry option of form-options.yaml',
        hint: "did you mean `hrtech`?",
      }),
    ]);
    expect(picker).toEqual({
      "ui:widget": "reference",
      "ui:options": { choices: expect.arrayContaining([{ value: "hrtech", label: "HRTech" }]) },
    });
  }, 60_000);
});

describe("a new reference field of an article's front matter, declared with refersTo and nothing else", () => {
  const copy = copyProject();
  afterAll(copy.cleanup);

  it("is checked by validate in a copy of the project, at its line, with a suggestion", () => {
    // An article's industry: a value of the inquiry form's industry options.
    copy.edit(
      "schemas/insights.ts",
      '    author: refersTo(Slug.describe("The slug of a consultant in data/consultants.yaml"), {',
      `    industry: refersTo(value("option", (s) => s), {
      file: "form-options.yaml",
      at: "industry",
      value: "value",
      label: "label",
      noun: "article industry",
      must: "an industry option of form-options.yaml",
      list: "industry values in form-options.yaml",
    }).optional(),
    author: refersTo(Slug.describe("The slug of a consultant in data/consultants.yaml"), {`,
    );
    copy.edit("data/insights/crm-hygiene.md", "author: jonas-weber\n", "author: jonas-weber\nindustry: fintek\n");
    const { errors } = copy.run(`import { validateContent } from "./content/content.ts";
const result = await validateContent("data", { cache: false });
console.log(JSON.stringify({ errors: result.diagnostics.filter((d) => d.severity === "error") }));
`) as { errors: unknown[] };
    expect(errors).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/insights\/crm-hygiene\.md$/),
        line: 7,
        column: 11,
        path: "industry",
        message: 'unknown article industry "fintek": not an industry option of form-options.yaml',
        hint: "did you mean `fintech`?",
      }),
    ]);
  }, 60_000);
});

describe("the generic check and the picker, on a schema of its own", () => {
  const reference: Reference = {
    file: "form-options.yaml",
    at: "industry",
    value: "value",
    label: "label",
    noun: "sector",
    must: "a value of the inquiry form's industry options",
    list: "industry values in form-options.yaml",
    entry: "option",
  };
  const Schema = z.strictObject({
    partners: z.array(z.strictObject({ sector: refersTo(z.string(), reference).describe("The partner's sector") })),
  });
  const formOptions = {
    industry: [
      { value: "fintech", label: "FinTech" },
      { value: "logistics", label: "LogisticsTech" },
    ],
  };

  it("finds the field through its wrappers, and the form offers exactly the values the check accepts", () => {
    const fields = referenceFields(Schema);
    expect(fields).toEqual([{ path: ["partners", "[]", "sector"], reference }]);
    const form = formFor(Schema, { formOptions } as never);
    expect((form.uiSchema as { partners: { items: { sector: unknown } } }).partners.items.sector).toEqual({
      "ui:widget": "reference",
      "ui:options": {
        choices: [
          { value: "fintech", label: "FinTech" },
          { value: "logistics", label: "LogisticsTech" },
        ],
      },
    });
    expect(JSON.stringify(form.schema)).not.toContain("refersTo");
    // Only the keyword goes: fields of those names stay in the form.
    const named = formFor(z.strictObject({ refersTo: z.string(), default: z.string().default("x") })).schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(named.properties)).toEqual(["refersTo", "default"]);
    expect(JSON.stringify(named)).not.toContain('"x"');
    expect(choicesIn(reference, formOptions).map((c) => c.value)).toEqual(["fintech", "logistics"]);
  });

  it("reports each dangling value at its path: a label for its value, a near miss, the list", () => {
    const [field] = referenceFields(Schema);
    if (!field) throw new Error("no reference field");
    const data = {
      partners: [{ sector: "fintech" }, { sector: "LogisticsTech" }, { sector: "fintek" }, { sector: "aerospace" }],
    };
    const problems = danglingReferences(field, data, choicesIn(reference, formOptions));
    expect(problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      [
        ["partners", 1, "sector"],
        'unknown sector "LogisticsTech": not a value of the inquiry form\'s industry options',
        'did you mean `logistics`? (the value of the option "LogisticsTech" in form-options.yaml)',
      ],
      [
        ["partners", 2, "sector"],
        'unknown sector "fintek": not a value of the inquiry form\'s industry options',
        "did you mean `fintech`?",
      ],
      [
        ["partners", 3, "sector"],
        'unknown sector "aerospace": not a value of the inquiry form\'s industry options',
        "the industry values in form-options.yaml are `fintech`, `logistics`",
      ],
    ]);
  });

  it("runs for every data file's references as one rule, skipping a file with errors of its own", () => {
    const consultants = { consultants: [{ industries: ["aerospace"] }] };
    expect(referencesExist.check({ consultants } as never)).toEqual([]);
    expect(referencesExist.check({ consultants, formOptions } as never)).toEqual([
      expect.objectContaining({ key: "consultants", path: ["consultants", 0, "industries", 0], severity: "error" }),
    ]);
  });
});

describe("the check and the picker find the same fields", () => {
  // The check walks the zod schema, the editor the JSON Schema it makes of it: one declaration, read twice.
  it.each([
    ...DATA_FILES.map((entry) => [entry.file, entry.schema] as const),
    ["an article's front matter", ArticleFrontMatterSchema] as const,
  ])("%s", (_name, schema) => {
    expect(referenceFields(schema as z.ZodType)).toEqual(referencesInJson(formJsonSchema(schema as z.ZodType)));
  });

  it("finds every reference the schemas declare", () => {
    const found = [...DATA_FILES.map((e) => e.schema), ArticleFrontMatterSchema].flatMap((schema) =>
      referenceFields(schema as z.ZodType).map((field) => `${field.path.join(".")} → ${field.reference.file}`),
    );
    expect(found).toEqual([
      "consultants.[].industries.[] → form-options.yaml",
      "results.stats.[] → stats.yaml",
      "statsStrip.stats.[] → stats.yaml",
      "author → consultants.yaml",
      "tags.[] → insights.yaml",
    ]);
  });
});
