// What a file's form is made of, derived from its zod schema and nothing
// else: the JSON Schema (zod's own z.toJSONSchema: keys, types, enums,
// descriptions as hints, list bounds) and the widgets by text kind
// (schemas/text.ts: one line, a sentence or two, a paragraph).
import { z } from "zod";
import { GlossarySchema } from "../../schemas/glossary.ts";
import { DATA_FILES, type DataSet } from "../../schemas/index.ts";
import type { Reference } from "../../schemas/references.ts";
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

/** Drops `default`s: a form must not add what the file does not say (an untouched save is byte-identical). */
function withoutDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDefaults);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "default" && key !== "$schema")
      .map(([key, value]) => [key, withoutDefaults(value)]),
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

export interface Choice {
  value: string;
  label: string;
}

/** What a reference may name, from the current data: `fintech` (FinTech), `jonas-weber` (Jonas Weber). */
export function choicesFor(reference: Reference, data: Partial<DataSet>): Choice[] {
  const key = DATA_FILES.find((entry) => entry.file === reference.file)?.key;
  const entries = key ? (data[key] as Record<string, unknown> | undefined)?.[reference.at] : undefined;
  const labelOf = (entry: unknown) =>
    reference.label && entry && typeof entry === "object"
      ? (entry as Record<string, unknown>)[reference.label]
      : undefined;
  const pairs: [unknown, unknown][] = Array.isArray(entries)
    ? entries.map((entry) => [reference.value ? (entry as Record<string, unknown>)?.[reference.value] : entry, entry])
    : Object.entries(entries ?? {});
  return pairs.flatMap(([value, entry]) => {
    if (typeof value !== "string") return [];
    const label = labelOf(entry);
    return [{ value, label: typeof label === "string" ? label : value }];
  });
}

/** Walks the JSON Schema beside its uiSchema: every `refersTo` (schemas/references.ts) becomes a picker of what exists. */
function addPickers(node: unknown, ui: Record<string, unknown>, data: Partial<DataSet>): void {
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  const reference = schema.refersTo as Reference | undefined;
  if (reference) {
    Object.assign(ui, { "ui:widget": "reference", "ui:options": { choices: choicesFor(reference, data) } });
    delete schema.refersTo;
  }
  // The uiSchema gets an entry only where a picker is found below.
  const descend = (key: string, below: unknown) => {
    const existing = ui[key] as Record<string, unknown> | undefined;
    const at = existing ?? {};
    addPickers(below, at, data);
    if (!existing && Object.keys(at).length > 0) ui[key] = at;
  };
  for (const [key, value] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
    descend(key, value);
  }
  if (schema.items) descend("items", schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    descend("additionalProperties", schema.additionalProperties);
  }
}

/** A file's form: its schema as JSON Schema, the widgets by text kind, pickers for references and the tokens (from `data`). */
export function formFor(schema: z.ZodType, data: Partial<DataSet> = {}): FormSpec {
  const json = withoutDefaults(z.toJSONSchema(schema, { target: "draft-07", io: "input", unrepresentable: "any" }));
  const uiSchema = uiSchemaFor(schema);
  addPickers(json, uiSchema, data);
  // Every field's widget sees the tokens that exist; the free-text ones offer them (editor/app/TokenText.tsx).
  uiSchema["ui:globalOptions"] = { tokens: tokenChoices(data) };
  return { schema: json as Record<string, unknown>, uiSchema };
}
