// What a place in a form is called, in people's words: the fields' titles
// (schemas' `.meta({ title })`), and a list's item by its name field
// (a schema's `.meta({ itemName })`, or a conventional name field): "Katharina Lindqvist, Role", not
// `consultants[0].role`. Buttons and "mark as current" say it.

type Schema = Record<string, unknown>;
type Path = readonly (string | number)[];

const child = (value: unknown, key: string | number): unknown =>
  value && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

function below(schema: Schema | undefined, key: string | number): Schema | undefined {
  if (!schema) return undefined;
  if (typeof key === "number") return schema.items as Schema | undefined;
  const property = (schema.properties as Record<string, Schema> | undefined)?.[key];
  if (property) return property;
  return typeof schema.additionalProperties === "object" ? (schema.additionalProperties as Schema) : undefined;
}

/** The fields that name a list's item, first found first, where its schema does not say (`.meta({ itemName })`). */
const NAME_FIELDS = ["name", "title", "label", "question", "heading"];

/** An item's name: its `itemName` field's text (or a conventional name field's), if it has one yet. */
function itemName(list: Schema | undefined, item: unknown): string | undefined {
  const declared = list?.itemName as string | undefined;
  if (declared) return text(child(item, declared));
  for (const field of NAME_FIELDS) {
    const name = text(child(item, field));
    if (name) return name;
  }
  return undefined;
}

/**
 * The words for `path` in the form of `root`: the titles on the way, a
 * named list item instead of all before it (its name from `data`, or from
 * `source`, the English a translation's item stands for), an unnamed one as
 * "Areas of expertise item 2".
 */
export function pathWords(root: Schema, data: unknown, source: unknown, path: Path): string[] {
  const words: string[] = [];
  let schema: Schema | undefined = root;
  let value = data;
  let english = source;
  for (const key of path) {
    if (typeof key === "number") {
      const name = itemName(schema, child(value, key)) ?? itemName(schema, child(english, key));
      const list = words.pop() ?? "Item";
      if (name) words.splice(0, words.length, name);
      else words.push(`${list} item ${key + 1}`);
    } else {
      const next = below(schema, key);
      const isRecordEntry = !(schema?.properties as Record<string, unknown> | undefined)?.[key];
      words.push(isRecordEntry ? key : ((next?.title as string | undefined) ?? key));
    }
    schema = below(schema, key);
    value = child(value, key);
    english = child(english, key);
  }
  return words;
}

/** The same, as one phrase: "Katharina Lindqvist, Areas of expertise item 2". */
export function pathName(root: Schema, data: unknown, source: unknown, path: Path): string {
  return pathWords(root, data, source, path).join(", ") || "the file";
}
