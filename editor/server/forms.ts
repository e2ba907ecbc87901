// What a file's form is made of, derived from its zod schema and nothing
// else: the JSON Schema (zod's own z.toJSONSchema: keys, types, enums,
// descriptions as hints, list bounds) and the widgets by text kind
// (schemas/text.ts: one line, a sentence or two, a paragraph).
import type { z } from "zod";
import { GlossarySchema } from "../../schemas/glossary.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import { type Choice, choicesIn, formJsonSchema, type Reference, referencesInJson } from "../../schemas/references.ts";
import { type TextMeta, textFields, translationSchema } from "../../schemas/text.ts";
import { tokenChoices } from "./tokens.ts";

export type FileKind = "data" | "glossary" | "translation" | "article" | "article translation";

export interface FormSpec {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

/** The zod schema a file of data/ must satisfy, for the files that have a form. */
export function zodSchemaFor(path: string, locales: readonly string[]): z.ZodType | undefined {
  if (path === "glossary.yaml") return GlossarySchema;
  const [first, second] = path.split("/");
  const entry = DATA_FILES.find((e) => e.file === (second === undefined ? first : second));
  if (!entry) return undefined;
  if (second === undefined) return entry.schema as z.ZodType;
  return first && locales.includes(first) ? translationSchema(entry.schema as z.ZodType) : undefined;
}

/**
 * Drops `default`s: a form must not add what the file does not say (an
 * untouched save is byte-identical); and `refersTo`, which the pickers say.
 * Keywords only: a field of the data may be called `default` or `refersTo`
 * (the keys of `properties` are fields).
 */
function withoutDefaults(node: unknown, fields = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDefaults(item));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => fields || (key !== "default" && key !== "$schema" && key !== "refersTo"))
      .map(([key, value]) => [key, withoutDefaults(value, !fields && key === "properties")]),
  );
}

function widgetFor(meta: TextMeta): Record<string, unknown> | undefined {
  if (meta.lines === "many") return { "ui:widget": "textarea", "ui:options": { rows: 5 } };
  if (meta.place === "sentence" || meta.place === "description" || meta.place === "articleDescription") {
    return { "ui:widget": "textarea", "ui:options": { rows: 2 } };
  }
  return undefined;
}

/** rjsf's uiSchema from the text kinds: `consultants[].background` → uiSchema.consultants.items.background. */
export function uiSchemaFor(schema: z.ZodType): Record<string, unknown> {
  const ui: Record<string, unknown> = { "ui:submitButtonOptions": { norender: true } };
  for (const field of textFields(schema)) {
    const widget = widgetFor(field.meta);
    if (!widget) continue;
    let at = ui;
    for (const part of field.path) {
      const key = part === "[]" ? "items" : part === "*" ? "additionalProperties" : part;
      at[key] ??= {};
      at = at[key] as Record<string, unknown>;
    }
    Object.assign(at, widget);
  }
  return ui;
}

export type { Choice };

/** What a reference may name, from the current data: `fintech` (FinTech), `jonas-weber` (Jonas Weber). */
export function choicesFor(reference: Reference, data: Partial<DataSet>): Choice[] {
  const key = DATA_FILES.find((entry) => entry.file === reference.file)?.key;
  return choicesIn(reference, key ? data[key] : undefined);
}

/**
 * Every `refersTo` of the JSON Schema (schemas/references.ts, the walk the
 * "it exists" check makes too) becomes a picker of what exists, at its place
 * in the uiSchema: `consultants[].industries[]` → uiSchema.consultants.items.industries.items.
 */
function addPickers(json: unknown, ui: Record<string, unknown>, data: Partial<DataSet>): void {
  for (const { path, reference } of referencesInJson(json)) {
    let at = ui;
    for (const part of path) {
      const key = part === "[]" ? "items" : part === "*" ? "additionalProperties" : part;
      at[key] ??= {};
      at = at[key] as Record<string, unknown>;
    }
    Object.assign(at, { "ui:widget": "reference", "ui:options": { choices: choicesFor(reference, data) } });
  }
}

/** A file's form: its schema as JSON Schema, the widgets by text kind, pickers for references and the tokens (from `data`). */
export function formFor(schema: z.ZodType, data: Partial<DataSet> = {}): FormSpec {
  const full = formJsonSchema(schema);
  const uiSchema = uiSchemaFor(schema);
  addPickers(full, uiSchema, data);
  // The pickers say what `refersTo` said; the form's schema goes without it.
  const json = withoutDefaults(full);
  // Every field's widget sees the tokens that exist; the free-text ones offer them (editor/app/TokenText.tsx).
  uiSchema["ui:globalOptions"] = { tokens: tokenChoices(data) };
  return { schema: json as Record<string, unknown>, uiSchema };
}
