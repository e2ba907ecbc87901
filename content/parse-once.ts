import type { z } from "zod";

/**
 * A schema's verdict on a parsed YAML value, once per value: a warm session
 * (content/session.ts) hands back the same value while a file's text is
 * unchanged, so an unchanged file is not checked against its schema again,
 * and its parsed data keeps its identity (what the rules memoize on).
 * Elsewhere each value is parsed once, as before.
 */
const verdicts = new WeakMap<object, Map<z.ZodType, z.ZodSafeParseResult<unknown>>>();

export function parseOnce<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  if (value === null || typeof value !== "object") return schema.safeParse(value, { reportInput: false });
  let bySchema = verdicts.get(value);
  if (!bySchema) {
    bySchema = new Map();
    verdicts.set(value, bySchema);
  }
  const known = bySchema.get(schema) as z.ZodSafeParseResult<T> | undefined;
  if (known) return known;
  const parsed = schema.safeParse(value, { reportInput: false });
  bySchema.set(schema, parsed);
  return parsed;
}
