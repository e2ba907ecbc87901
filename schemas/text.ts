/**
 * The string types of the data. Every string field of every schema is one of
 * these, chosen by what the field is; each carries its kind in `textKinds`
 * (a zod registry), so code can ask a schema what its fields are.
 *
 * Kinds:
 * - Display text, translatable (a translation gives its own):
 *   `line`   one line shown on the site, bounded by where it shows (PLACES:
 *            a nav link, a button, a label, a heading, a page title, a card's
 *            line, a meta description, a sentence or two); no line break, no tab.
 *   `prose`  a paragraph: line feeds and tabs allowed; bounded as a paragraph.
 * - Display text that is not translated:
 *   `name`   a proper name: a person, the firm, a client, a court, a street.
 *   `figure` a figure as shown: "50+", "€100M+", "404", an ARR range "1M-20M";
 *            translatable only where declared `figure({ words: true })` (stats.yaml's
 *            values: "90 days" reads "90 Tage" in German).
 * - Values, never translated (one line, a format of their own):
 *   `slug`, `id` (a figure's id), `option` (a select's stored value), `email`,
 *   `url`, `href` (a link target), `route`, `date`, `phone`, `postal-code`,
 *   `choice` (one of a fixed list).
 *
 * Every kind gets the same hygiene first (characters.ts): no control
 * characters, no U+FFFD, no lone surrogates, no bidi overrides or isolates
 * unless a field allows them (`{ bidi: true }`), and CRLF read as LF. The
 * error names the character and what to do; the CLI adds its line:col
 * (`U+000B VERTICAL TAB at 3:27: delete it or replace it with a space`). A
 * bound says by how much (`the focus is too long by 12 characters (102, at
 * most 90)`). Lengths count characters (code points) as written, tokens like
 * {firm.name} included.
 *
 * Asking a schema:
 * - `textMeta(schema)`: the kind of one string schema (through optional etc.).
 * - `textFields(schema)`: every string field of an object schema with its
 *   kind, as path patterns (`consultants[].role`, `stats.*.label`).
 * - `translatablePaths(schema)`: the patterns of the translatable fields.
 * - `textMetaAt(schema, ["consultants", 0, "role"])`: the kind at a data path.
 * - `translationSchema(schema)`: the schema of a translation of a file: the
 *   same objects and lists with only the translatable fields, each with the
 *   same string type (hygiene and bound) as the original.
 */
import { z } from "zod";
import { type CharProblem, type CharRules, firstCharProblem, normalizeLineBreaks } from "./characters.ts";
import { plainText } from "./phrases.ts";

export type TextKind =
  | "line"
  | "prose"
  | "name"
  | "figure"
  | "slug"
  | "id"
  | "option"
  | "email"
  | "url"
  | "href"
  | "route"
  | "date"
  | "phone"
  | "postal-code"
  | "choice";

export interface TextMeta {
  kind: TextKind;
  /** Display text that a translation gives in its language (labels, titles, prose); false for names and values. */
  translatable: boolean;
  /** "one": no line breaks; "many": line feeds allowed. */
  lines: "one" | "many";
  /** The place that bounds a display text, like "button". */
  place?: Place;
  /** At most this many characters (code points), when bounded. */
  max?: number;
  /** Bidi embedding, override and isolate controls allowed. */
  bidi?: boolean;
  /** Names the site fills in where the text says `{name}` (an error message's `{label}`): not tokens, not mistakes. */
  placeholders?: readonly string[];
}

/** The kind of every string schema; see textMeta() and textFields(). */
export const textKinds = z.registry<TextMeta>();

/** Where a display text shows, which bounds its length; `hint` is said when a text is too long. */
export const PLACES = {
  nav: { max: 30, hint: "navigation links sit side by side on one line: keep it to a word or two" },
  button: { max: 50, hint: "a button or link text fits on one line of a phone's screen" },
  label: { max: 60, hint: "labels, badges and accessible names are a few words" },
  cardLine: { max: 90, hint: "this is the one line on a card: keep it to one short sentence" },
  title: { max: 90, hint: "browser tabs and search results cut a long page title off" },
  articleTitle: { max: 90, hint: "shorten the title: search results and cards cut a long one off" },
  heading: { max: 100, hint: "headings wrap after a few words: keep it short" },
  caption: { max: 100, hint: "a caption under a figure is a few words" },
  placeholder: { max: 100, hint: "a placeholder must fit inside its field" },
  articleDescription: {
    max: 160,
    hint: "shorten the description: search results cut a long one off, and it is the card's text",
  },
  description: {
    max: 240,
    hint: "search results show about 160 characters of a description and cut the rest off",
  },
  sentence: { max: 300, hint: "a sentence or two; split longer text into paragraphs" },
  paragraph: { max: 2000, hint: "split it into two paragraphs" },
  name: { max: 100, hint: "a name is one short line" },
  figure: { max: 16, hint: "a figure is shown large: a number and a unit, like €100M+" },
} as const satisfies Record<string, { max: number; hint: string }>;
export type Place = keyof typeof PLACES;

/** What a text issue carries for the CLI, which turns `position` into line:col. */
export type TextIssueParams =
  | { text: "character"; problem: CharProblem }
  | { text: "length"; length: number; max: number; over: number; hint: string };

type Payload = z.core.ParsePayload<string>;

/** The hygiene check: the first refused character, with what to do; aborts the checks after it. */
function hygiene(rules: CharRules) {
  return (payload: Payload) => {
    const problem = firstCharProblem(payload.value, rules);
    if (!problem) return;
    const more = problem.count > 1 ? ` (${problem.count - 1} more like it in this text)` : "";
    payload.issues.push({
      code: "custom",
      message: `${problem.label} at character ${problem.position}: ${problem.fix}${more}`,
      input: payload.value,
      params: { text: "character", problem } satisfies TextIssueParams,
      continue: false,
    });
  };
}

const notEmpty = (payload: Payload) => {
  if (/\S/.test(payload.value)) return;
  payload.issues.push({ code: "custom", message: "must not be empty", input: payload.value, continue: false });
};

function bounded(max: number, hint: string) {
  return (payload: Payload) => {
    if (payload.value.length <= max) return; // code units >= code points: no longer than max either way
    // A phrase marker is not shown: `[ganzheitlich]{lang=de}` counts as its words.
    const length = [...plainText(payload.value)].length;
    if (length <= max) return;
    const over = length - max;
    payload.issues.push({
      code: "custom",
      message: `too long by ${over} character${over === 1 ? "" : "s"} (${length}, at most ${max})`,
      input: payload.value,
      params: { text: "length", length, max, over, hint } satisfies TextIssueParams,
    });
  };
}

/** A string with the hygiene of `rules`, CRLF read as LF. */
function clean(rules: CharRules) {
  return z.string().overwrite(normalizeLineBreaks).check(hygiene(rules));
}

function displayText(
  kind: "line" | "prose" | "name" | "figure",
  place: Place,
  options: { bidi?: boolean; words?: boolean; placeholders?: readonly string[] },
) {
  const lines = kind === "prose" ? "many" : "one";
  const { max, hint } = PLACES[place];
  const meta: TextMeta = {
    kind,
    translatable: kind === "line" || kind === "prose" || (kind === "figure" && options.words === true),
    lines,
    place,
    max,
    ...(options.bidi ? { bidi: true } : {}),
    ...(options.placeholders ? { placeholders: options.placeholders } : {}),
  };
  return clean({ lines, ...(options.bidi ? { bidi: true } : {}) })
    .check(notEmpty, bounded(max, hint))
    .meta({ minLength: 1, maxLength: max }) // editors (the JSON Schemas) flag an empty or long text while it is typed
    .register(textKinds, meta);
}

/** The largest data file or article read, in bytes (a text in one is no longer, in characters). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The most characters any text of a data file may hold (its longest place). */
export const LONGEST_TEXT = Math.max(...Object.values(PLACES).map((place) => place.max));

/**
 * A text kept as it was written elsewhere (a lock file's copy of an English
 * text): the hygiene of prose, bounded by the longest the original may be.
 */
export function recorded(max: number, hint: string) {
  return clean({ lines: "many" }).check(bounded(max, hint));
}

/** One line of display text, translatable, bounded by where it shows; `placeholders` the site fills in. */
export const line = (place: Place, options: { bidi?: boolean; placeholders?: readonly string[] } = {}) =>
  displayText("line", place, options);
/** A paragraph of display text, translatable: line feeds and tabs allowed. */
export const prose = (options: { bidi?: boolean } = {}) => displayText("prose", "paragraph", options);
/** A proper name, shown but never translated. */
export const name = (options: { bidi?: boolean } = {}) => displayText("name", "name", options);
/**
 * A figure as shown ("50+", "€100M+", "404"), not translated; with `{ words: true }` a figure
 * that may hold words or a unit ("90 days", "€100M+"), which a translation gives in its
 * language ("90 Tage", "100+ Mio. €"), its numbers kept.
 */
export const figure = (options: { words?: boolean } = {}) => displayText("figure", "figure", options);

/**
 * A value of a fixed format, never translated: hygiene first (so a control
 * character is named, not reported as a bad format), then `check`.
 */
export function value<T extends z.ZodString>(kind: TextKind, format: (base: z.ZodString) => T) {
  const schema = format(clean({ lines: "one" }));
  textKinds.add(schema, { kind, translatable: false, lines: "one" });
  return schema;
}

/** One of a fixed list of values (an icon, a locale), never translated. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  const schema = z.enum(values);
  textKinds.add(schema, { kind: "choice", translatable: false, lines: "one" });
  return schema;
}

/** Exactly this value (a fixed link target), never translated. */
export function fixed<const T extends string>(literal: T, kind: TextKind = "href") {
  const schema = z.literal(literal);
  textKinds.add(schema, { kind, translatable: false, lines: "one" });
  return schema;
}

// --- Asking a schema ---------------------------------------------------------

/** The schema under optional, nullable, default and readonly wrappers (zod's own classes and unwrap()). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodPrefault ||
    current instanceof z.ZodReadonly ||
    current instanceof z.ZodNonOptional
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** A container's parts, wrappers looked through: the one place the walks below ask a schema what it holds. */
type Structure =
  | { kind: "object"; schema: z.ZodObject; shape: Record<string, z.ZodType> }
  | { kind: "array"; schema: z.ZodArray; element: z.ZodType }
  | { kind: "record"; schema: z.ZodRecord; keyType: z.ZodType; valueType: z.ZodType };

/** Schemas never change once made: each node's structure and text kind are worked out once (the rules ask per text). */
const structures = new WeakMap<z.ZodType, Structure | null>();
const kinds = new WeakMap<z.ZodType, TextMeta | null>();

/** `make(schema)`, worked out once per schema node (null stands for undefined in the memo). */
function once<T>(memo: WeakMap<z.ZodType, T | null>, schema: z.ZodType, make: (schema: z.ZodType) => T | undefined) {
  const known = memo.get(schema);
  if (known !== undefined) return known ?? undefined;
  const made = make(schema);
  memo.set(schema, made ?? null);
  return made;
}

const structureOf = (schema: z.ZodType): Structure | undefined => once(structures, schema, structureOfUncached);

function structureOfUncached(schema: z.ZodType): Structure | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject)
    return { kind: "object", schema: inner, shape: inner.shape as Record<string, z.ZodType> };
  if (inner instanceof z.ZodArray) return { kind: "array", schema: inner, element: inner.element as z.ZodType };
  if (inner instanceof z.ZodRecord)
    return {
      kind: "record",
      schema: inner,
      keyType: inner.keyType as z.ZodType,
      valueType: inner.valueType as z.ZodType,
    };
  return undefined;
}

/** The kind of a string schema (looking through optional and the like), or undefined for anything else. */
export function textMeta(schema: z.ZodType): TextMeta | undefined {
  return once(kinds, schema, textMetaUncached);
}

function textMetaUncached(schema: z.ZodType): TextMeta | undefined {
  let current = schema;
  for (;;) {
    const meta = textKinds.get(current);
    if (meta) return meta;
    const inner = unwrap(current);
    if (inner === current) return undefined;
    current = inner;
  }
}

/** A path pattern: object keys, `[]` for any item of a list, `*` for any key of a record. */
export type PathPattern = string[];

export interface TextField {
  path: PathPattern;
  /** `consultants[].role` */
  pattern: string;
  meta: TextMeta;
}

export function formatPattern(path: PathPattern): string {
  return path.reduce((out, part) => (part === "[]" ? `${out}[]` : out ? `${out}.${part}` : part), "");
}

/** Every string field under `schema`, depth first in the order of the schema. */
export function textFields(schema: z.ZodType, prefix: PathPattern = []): TextField[] {
  const meta = textMeta(schema);
  if (meta) return [{ path: prefix, pattern: formatPattern(prefix), meta }];
  const parts = structureOf(schema);
  if (parts?.kind === "object") {
    return Object.entries(parts.shape).flatMap(([key, child]) => textFields(child, [...prefix, key]));
  }
  if (parts?.kind === "array") return textFields(parts.element, [...prefix, "[]"]);
  if (parts?.kind === "record") return textFields(parts.valueType, [...prefix, "*"]);
  return [];
}

/** The path patterns of the translatable fields: what a translation of this file holds. */
export function translatablePaths(schema: z.ZodType): string[] {
  return textFields(schema)
    .filter((field) => field.meta.translatable)
    .map((field) => field.pattern);
}

/** The kind of the string at a data path (`["consultants", 0, "role"]`), or undefined. */
export function textMetaAt(schema: z.ZodType, path: readonly (string | number)[]): TextMeta | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    const parts = structureOf(current);
    if (parts?.kind === "object") current = Object.hasOwn(parts.shape, segment) ? parts.shape[segment] : undefined;
    else if (parts?.kind === "array" && typeof segment === "number") current = parts.element;
    else if (parts?.kind === "record") current = parts.valueType;
    else return undefined;
  }
  return current ? textMeta(current) : undefined;
}

/**
 * The schema a translation of a file satisfies: strict objects with only
 * the keys that hold translatable text (at any depth), lists with the same
 * length rules, records with the same keys, and for each text the same
 * string type as the original (hygiene, bound). Undefined when the schema
 * holds no translatable text.
 *
 * `{ partial: true }` is what the loader checks a translation file with:
 * every key optional, lists of any length, objects loose (a missing text, a
 * list of another length and a key with no English source are the
 * translation rules' to report, at their place with the English text),
 * each text still of its type.
 */
export function translationSchema(schema: z.ZodType, options: { partial?: boolean } = {}): z.ZodType | undefined {
  const partial = options.partial === true;
  const meta = textMeta(schema);
  const optional = partial || schema instanceof z.ZodOptional;
  // An optional text (a phase's claim) is optional in the translation too: present where the English has it.
  if (meta)
    return meta.translatable ? withWords(optional ? unwrap(schema).optional() : unwrap(schema), schema) : undefined;
  const inner = unwrap(schema);
  const parts = structureOf(schema);
  let picked: z.ZodType | undefined;
  if (parts?.kind === "object") {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, child] of Object.entries(parts.shape)) {
      const part = translationSchema(child, options);
      if (part) shape[key] = part;
    }
    picked = Object.keys(shape).length ? (partial ? z.looseObject(shape) : z.strictObject(shape)) : undefined;
  } else if (parts?.kind === "array") {
    const element = translationSchema(parts.element, options);
    // The same array schema (its length checks) around the translated element; any length while partial.
    if (element && partial) picked = z.array(element);
    else
      picked = element ? (parts.schema.clone({ ...parts.schema._zod.def, element } as never) as z.ZodType) : undefined;
  } else if (parts?.kind === "record") {
    const valueType = translationSchema(parts.valueType, options);
    const keyType = parts.keyType as z.ZodString;
    picked = valueType ? (partial ? z.partialRecord(keyType, valueType) : z.record(keyType, valueType)) : undefined;
  }
  if (picked) picked = withWords(picked, inner);
  return picked && optional ? withWords(picked.optional(), schema) : picked;
}

/** The metadata a form shows (title, description, and `itemName`: which field names a list item). */
const WORDS = ["title", "description", "itemName"] as const;

/** `built` with the form's words of `from` that it lacks: a translation's form reads like the original's. */
function withWords(built: z.ZodType, from: z.ZodType): z.ZodType {
  const has = z.globalRegistry.get(built) ?? {};
  const words = { ...z.globalRegistry.get(unwrap(from)), ...z.globalRegistry.get(from) } as Record<string, unknown>;
  const missing = Object.fromEntries(
    WORDS.filter((key) => words[key] !== undefined && has[key] === undefined).map((key) => [key, words[key]]),
  );
  return Object.keys(missing).length ? built.meta(missing) : built;
}
