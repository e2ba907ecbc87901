import type { PathSegment } from "../schemas/suggest.ts";

/**
 * `export const name: <type> = <value>;`: in the default language with the
 * type written out, in another as the default's (`typeof en.name`).
 */
export function typedExport(
  name: string,
  value: unknown,
  code: string,
  text: (path: readonly PathSegment[]) => boolean,
): string {
  const type = code ? `typeof en.${name}` : typeText(value, text);
  return `export const ${name}: ${type} = ${JSON.stringify(value, null, 2)};\n`;
}

/**
 * The type `as const` would give `value`, except that a string for which
 * `text(path)` holds is `string` (a translatable text, different in each
 * language).
 */
export function typeText(
  value: unknown,
  text: (path: readonly PathSegment[]) => boolean,
  path: PathSegment[] = [],
  indent = "",
): string {
  if (typeof value === "string") return text(path) ? "string" : JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (value === null || value === undefined) return "null";
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "readonly []";
    const items = value.map((item, index) => `${inner}${typeText(item, text, [...path, index], inner)},`);
    return `readonly [\n${items.join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const fields = entries.map(
    ([key, child]) => `${inner}readonly ${JSON.stringify(key)}: ${typeText(child, text, [...path, key], inner)};`,
  );
  return `{\n${fields.join("\n")}\n${indent}}`;
}
