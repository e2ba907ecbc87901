// A list item added in the form and not on disk yet: its "missing fields"
// hint asks to fill it in. validate's own hint ("is a key line above moved or
// deleted?", content/zod-issues.ts) is about a file edited by hand, and makes
// no sense for an item that was never written.
import type { z } from "zod";
import type { Diagnostic } from "../../content/index.ts";
import { formFor } from "./forms.ts";
import { yamlValue } from "./preserve.ts";

type Json = Record<string, unknown>;

/** Each schema's form, made once: where a field's title is read. */
const forms = new WeakMap<z.ZodType, Json>();

/** The title the form shows for `field` of the object at `path` (`consultants[6]`), or the key. */
function titleOf(schema: z.ZodType | undefined, path: string, field: string): string {
  if (!schema) return `\`${field}\``;
  const form = forms.get(schema) ?? formFor(schema).schema;
  forms.set(schema, form);
  let at: Json | undefined = form;
  for (const key of segments(path)) {
    at = (typeof key === "number" ? at?.items : (at?.properties as Json | undefined)?.[key]) as Json | undefined;
  }
  const title = ((at?.properties as Json | undefined)?.[field] as Json | undefined)?.title;
  return typeof title === "string" ? title : `\`${field}\``;
}

/** `consultants[6].slug` → ["consultants", 6, "slug"]. */
const segments = (path: string): (string | number)[] =>
  [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] ?? "")));

/** The path of the new list item `path` is in, the value on disk being `base`; undefined when it is in none. */
export function freshItem(base: unknown, path: string): string | undefined {
  let at = base;
  let prefix = "";
  for (const key of segments(path)) {
    if (typeof key === "number") {
      if (!Array.isArray(at)) return undefined;
      prefix += `[${key}]`;
      if (key >= at.length) return prefix;
    } else prefix += prefix ? `.${key}` : key;
    at = at && typeof at === "object" ? (at as Record<string | number, unknown>)[key] : undefined;
  }
  return undefined;
}

/** The fields a "missing required field(s)" diagnostic names (its hint lists them all), or undefined. */
function missingFields(d: Diagnostic): string[] | undefined {
  if (!/^missing (required field|\d+ required fields)/.test(d.message)) return undefined;
  const list = (d.hint ?? d.message).split(" under ")[0] ?? "";
  return [...list.matchAll(/`([^`:]+):?`/g)].map((m) => m[1] ?? "");
}

/**
 * `diagnostics` of `file` (as validate names it, `data/consultants.yaml`)
 * with hints that fit a new item, naming its fields as the form (`schema`'s) does.
 */
export function freshItemHints(
  diagnostics: Diagnostic[],
  baseText: string,
  file: string,
  schema: z.ZodType | undefined,
): Diagnostic[] {
  if (!file.endsWith(".yaml")) return diagnostics;
  const base = yamlValue(baseText);
  return diagnostics.map((d) => {
    const fields = d.file === file ? missingFields(d) : undefined;
    const item = fields?.length ? freshItem(base, d.path) : undefined;
    if (!fields || !item) return d;
    const parent = d.path.slice(0, d.path.lastIndexOf("."));
    return { ...d, hint: `a new item: fill in its ${fields.map((f) => titleOf(schema, parent, f)).join(", ")}` };
  });
}
