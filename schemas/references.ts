import { z } from "zod";
import { closest, type PathSegment, suggestion } from "./suggest.ts";

/**
 * A value that names something defined in another data file: a consultant's
 * industry is a value of the inquiry form's industry options, an article's
 * author a consultant's slug. Declared on the field, it travels in the JSON
 * Schema as `refersTo`, and that one declaration gives both what the content
 * editor offers (a picker of what exists, editor/server/forms.ts) and the
 * check that the value exists (schemas/rules/references.ts for the data
 * files, content/articles/front-matter-rules.ts for the articles): a new
 * reference field needs nothing but its `refersTo`.
 */
export interface Reference {
  /** The data file, like `form-options.yaml`. */
  file: string;
  /** Where its entries are: a list of objects (`industry`), or a mapping whose keys are the values (`stats`). */
  at: string;
  /** The field of a list's entry that is the value; absent for a mapping's keys. */
  value?: string;
  /** The field of an entry shown beside the value (a name, a label). */
  label?: string;
  /** What the check's message calls a value: `unknown industry "aerospace"`. */
  noun: string;
  /** What a value must be, in that message after "not": `a value of the inquiry form's industry options`. */
  must: string;
  /** What the hint calls the values when it lists them: `the industry values in form-options.yaml are …`. */
  list: string;
  /** What an entry is called, when a value written as an entry's label is taken for its value: `option`. */
  entry?: string;
}

export function refersTo<T extends z.ZodType>(schema: T, reference: Reference): T {
  return schema.meta({ refersTo: reference }) as T;
}

// --- Where a schema has references ---------------------------------------------

/** A path pattern: object keys, `[]` for any item of a list, `*` for any key of a mapping (as schemas/text.ts). */
export type PathPattern = string[];

export interface ReferenceField {
  path: PathPattern;
  reference: Reference;
}

/** The JSON Schema the content editor's forms are made of (editor/server/forms.ts): the walk reads the same `refersTo`. */
export function formJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: "draft-07", io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

const fieldsCache = new WeakMap<z.ZodType, ReferenceField[]>();

/**
 * Every reference field of `schema`, with its path. Walks the zod schema
 * itself (the JSON Schema the editor reads costs ~100 ms for the data files,
 * paid on every validate that is not cached); it finds what that JSON Schema
 * carries (tests/content/reference-field.test.ts holds them equal): zod's
 * registry gives a copy (`.describe()`, `.meta({ title })`) the metadata of
 * the schema it was copied from, and the walk looks through the wrappers
 * (`.optional()` and the like) as z.toJSONSchema does.
 */
export function referenceFields(schema: z.ZodType): ReferenceField[] {
  let fields = fieldsCache.get(schema);
  if (!fields) {
    fields = [];
    walk(schema, [], fields);
    fieldsCache.set(schema, fields);
  }
  return fields;
}

/** The schema inside a wrapper (optional, nullable, default, readonly, a pipe's input), or undefined. */
function inside(schema: z.ZodType): z.ZodType | undefined {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodNonOptional
  ) {
    return schema.unwrap() as z.ZodType;
  }
  // A form and validate see what is written: a pipe's input (z.toJSONSchema's io: "input").
  if (schema instanceof z.ZodPipe) return schema.in as z.ZodType;
  return undefined;
}

function walk(schema: z.ZodType, path: PathPattern, into: ReferenceField[]): void {
  let current = schema;
  for (;;) {
    const reference = z.globalRegistry.get(current)?.refersTo as Reference | undefined;
    if (reference) {
      into.push({ path, reference });
      return;
    }
    const inner = inside(current);
    if (!inner) break;
    current = inner;
  }
  if (current instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(current.shape as Record<string, z.ZodType>))
      walk(child, [...path, key], into);
  } else if (current instanceof z.ZodArray) {
    walk(current.element as z.ZodType, [...path, "[]"], into);
  } else if (current instanceof z.ZodRecord) {
    walk(current.valueType as z.ZodType, [...path, "*"], into);
  } else if (current instanceof z.ZodUnion) {
    for (const option of current.options as readonly z.ZodType[]) walk(option, path, into);
  }
}

/** The reference fields of a JSON Schema made by formJsonSchema: the editor's pickers, from the JSON Schema it has made. */
export function referencesInJson(json: unknown): ReferenceField[] {
  const fields: ReferenceField[] = [];
  collect(json, [], fields);
  return fields;
}

function collect(node: unknown, path: PathPattern, into: ReferenceField[]): void {
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  if (schema.refersTo) into.push({ path, reference: schema.refersTo as Reference });
  for (const [key, below] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
    collect(below, [...path, key], into);
  }
  if (schema.items && !Array.isArray(schema.items)) collect(schema.items, [...path, "[]"], into);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    collect(schema.additionalProperties, [...path, "*"], into);
  }
  // A nullable or a union: the same place, each alternative.
  for (const alternatives of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (Array.isArray(alternatives)) for (const alternative of alternatives) collect(alternative, path, into);
  }
}

// --- What exists ---------------------------------------------------------------

export interface Choice {
  value: string;
  label: string;
}

/** What a reference may name, from the referenced file's value: `fintech` (FinTech), `jonas-weber` (Jonas Weber). */
export function choicesIn(reference: Reference, file: unknown): Choice[] {
  const entries = file && typeof file === "object" ? (file as Record<string, unknown>)[reference.at] : undefined;
  const labelOf = (entry: unknown) =>
    reference.label && entry && typeof entry === "object"
      ? (entry as Record<string, unknown>)[reference.label]
      : undefined;
  const pairs: [unknown, unknown][] = Array.isArray(entries)
    ? entries.map((entry) => [reference.value ? (entry as Record<string, unknown>)?.[reference.value] : entry, entry])
    : Object.entries(entries && typeof entries === "object" ? entries : {});
  return pairs.flatMap(([value, entry]) => {
    if (typeof value !== "string") return [];
    const label = labelOf(entry);
    return [{ value, label: typeof label === "string" ? label : value }];
  });
}

// --- The check -----------------------------------------------------------------

export interface ReferenceProblem {
  path: PathSegment[];
  message: string;
  hint: string;
}

/**
 * The values of `value` (a file's data) at a reference field's `path` that
 * name nothing among `choices`: each at its own path, with a "did you mean".
 */
export function danglingReferences(
  field: ReferenceField,
  value: unknown,
  choices: readonly Choice[],
): ReferenceProblem[] {
  const values = choices.map((choice) => choice.value);
  const problems: ReferenceProblem[] = [];
  visit(value, field.path, [], (found, at) => {
    if (typeof found !== "string" || values.includes(found)) return;
    const { reference } = field;
    problems.push({
      path: at,
      message: `unknown ${reference.noun} "${found}": not ${reference.must}`,
      hint: hintFor(found, reference, choices),
    });
  });
  return problems;
}

/**
 * Someone who wrote an entry's label ("FinTech") meant its value; otherwise
 * the nearest value, or the nearest label's value, or the list of values.
 */
function hintFor(found: string, reference: Reference, choices: readonly Choice[]): string {
  const labelled = choices.filter((choice) => choice.label !== choice.value);
  const byLabel = labelled.find((choice) => choice.label.toLowerCase() === found.toLowerCase());
  if (byLabel) return labelHint(byLabel, reference);
  const values = choices.map((choice) => choice.value);
  if (closest(found, values) === undefined) {
    const near = closest(
      found,
      labelled.map((choice) => choice.label),
    );
    const meant = labelled.find((choice) => choice.label === near);
    if (meant) return labelHint(meant, reference);
  }
  return suggestion(found, values, reference.list);
}

function labelHint(meant: Choice, reference: Reference): string {
  const entry = reference.entry ? `the ${reference.entry} ` : "";
  return `did you mean \`${meant.value}\`? (the ${reference.value ?? "key"} of ${entry}"${meant.label}" in ${reference.file})`;
}

/** Calls `found` with every value at `pattern` under `value`, and its path. */
function visit(
  value: unknown,
  pattern: readonly string[],
  at: PathSegment[],
  found: (value: unknown, at: PathSegment[]) => void,
): void {
  if (value === undefined || value === null) return;
  const [part, ...rest] = pattern;
  if (part === undefined) {
    found(value, at);
    return;
  }
  if (part === "[]") {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, rest, [...at, index], found);
      });
    }
  } else if (typeof value === "object" && !Array.isArray(value)) {
    const entries = part === "*" ? Object.entries(value) : [[part, (value as Record<string, unknown>)[part]] as const];
    for (const [key, below] of entries) visit(below, rest, [...at, key], found);
  }
}
