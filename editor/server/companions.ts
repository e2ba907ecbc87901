// The translations an edit of an English data file needs, offered with it.
// A language's file mirrors the English lists by position (docs/i18n.md), so
// adding, removing or moving a consultant in data/consultants.yaml would leave
// data/de/consultants.yaml a text short, a text over or out of step. Here the
// language's file is brought in step with the edit: its items follow their
// English items, and every English text without a translation gets an empty
// one, shown in the same form for the translator to fill.
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { formatPath, type PathSegment } from "../../schemas/suggest.ts";
import { type Lock, translatableTexts, valueAt } from "../../schemas/translation-files.ts";
import { splitPath } from "../app/error-schema.ts";

/** A text of the language's file the edit needs: where, its English, and what is typed so far. */
export interface CompanionField {
  path: string;
  english: string;
  text: string;
}

/** The keys that name an item for good, whatever else of it changes. */
const IDENTITY_KEYS = ["slug", "id", "key", "code", "value"] as const;

function identity(item: unknown): string | undefined {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
  for (const key of IDENTITY_KEYS) {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value === "string") return `${key}\0${value}`;
  }
  return undefined;
}

/**
 * For each item of `after`, the index of the same item in `before`, or
 * undefined for a new one: the same value first, then the same identity key
 * (`slug`), then the rest in order (an edited item stays itself).
 */
export function matchItems(before: readonly unknown[], after: readonly unknown[]): (number | undefined)[] {
  const match: (number | undefined)[] = after.map(() => undefined);
  const used = new Set<number>();
  const pass = (same: (a: unknown, b: unknown) => boolean) => {
    after.forEach((item, j) => {
      if (match[j] !== undefined) return;
      const i = before.findIndex((old, index) => !used.has(index) && same(old, item));
      if (i < 0) return;
      match[j] = i;
      used.add(i);
    });
  };
  pass(isDeepStrictEqual);
  pass((a, b) => identity(a) !== undefined && identity(a) === identity(b));
  const left = before.map((_, i) => i).filter((i) => !used.has(i) && identity(before[i]) === undefined);
  after.forEach((item, j) => {
    if (match[j] !== undefined || identity(item) !== undefined) return;
    const i = left.shift();
    if (i !== undefined) match[j] = i;
  });
  return match;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The translation `translated` of `before`, rearranged to follow `after`: items move, go and come with theirs. */
export function realign(before: unknown, after: unknown, translated: unknown): unknown {
  if (Array.isArray(after)) {
    if (!Array.isArray(translated)) return translated;
    const old = Array.isArray(before) ? before : [];
    return matchItems(old, after).map((i, j) =>
      i === undefined ? undefined : realign(old[i], after[j], translated[i]),
    );
  }
  if (isRecord(after) && isRecord(translated)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(translated)) {
      // A key whose English is gone goes with it.
      if (!(key in after) && isRecord(before) && key in before) continue;
      out[key] = key in after ? realign(isRecord(before) ? before[key] : undefined, after[key], value) : value;
    }
    return out;
  }
  return translated;
}

/** Sets `text` at `path`, making the mappings and lists on the way. */
function setAt(root: Record<string, unknown>, path: readonly PathSegment[], text: string) {
  let node: Record<PathSegment, unknown> = root;
  path.forEach((segment, depth) => {
    if (depth === path.length - 1) {
      node[segment] = text;
      return;
    }
    const next = path[depth + 1];
    const child = node[segment];
    if (child === null || typeof child !== "object") node[segment] = typeof next === "number" ? [] : {};
    node = node[segment] as Record<PathSegment, unknown>;
  });
}

/**
 * The language's value that follows the English edit (`before` → `after`),
 * with `typed` (texts by path) where the translator filled or rewrote them,
 * and the texts shown for that: every English text without a translation,
 * and every one the translator has typed (a text the edit broke, offered
 * after a check: `offered` in edit.ts).
 */
export function companionValue(
  schema: z.ZodType,
  before: unknown,
  after: unknown,
  translated: unknown,
  typed: Readonly<Record<string, string>> = {},
): { value: unknown; fields: CompanionField[] } {
  const aligned = realign(before, after, translated);
  const value = (isRecord(aligned) ? aligned : {}) as Record<string, unknown>;
  const fields: CompanionField[] = [];
  for (const { path, text } of translatableTexts(schema, after)) {
    const name = formatPath(path);
    const typedText = typed[name];
    if (typedText === undefined && typeof valueAt(value, path) === "string") continue;
    setAt(value, path, typedText ?? "");
    fields.push({ path: name, english: text, text: typedText ?? "" });
  }
  return { value, fields };
}

/**
 * A lock (what each translation was made from, by the text's path) whose
 * entries follow their texts through the edit, as the translation does; or
 * undefined when no entry moves. An entry whose English goes, goes with it.
 */
export function followLock(schema: z.ZodType, before: unknown, after: unknown, lock: Lock): Lock | undefined {
  const keys: Record<string, unknown> = {};
  for (const key of Object.keys(lock)) setAt(keys, splitPath(key), key);
  const moved = realign(before, after, keys);
  const out: Lock = {};
  let changed = false;
  for (const { path } of translatableTexts(schema, after)) {
    const old = valueAt(moved, path);
    const entry = typeof old === "string" ? lock[old] : undefined;
    if (!entry) continue;
    const key = formatPath(path);
    out[key] = entry;
    if (key !== old) changed = true;
  }
  if (Object.keys(out).length !== Object.keys(lock).length) changed = true;
  return changed ? out : undefined;
}
