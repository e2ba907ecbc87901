/**
 * Translations of the data files (docs/i18n.md, C1): `data/<code>/<file>`
 * holds only the translatable texts of `data/<file>`, at the same keys, lists
 * mirrored by position. Pure helpers shared by the loader, the rules and
 * `generate`: which files are translated, every English text with its path,
 * and the English data with a translation merged over it.
 */
import type { z } from "zod";
import { DATA_FILES, type DataKey } from "./index.ts";
import type { PathSegment } from "./suggest.ts";
import { textMetaAt, translationSchema } from "./text.ts";

export interface TranslatedFile {
  key: DataKey;
  file: string;
  schema: z.ZodType;
  /** What a translation file is checked with on load (every key optional, lists of any length). */
  translation: z.ZodType;
}

/** The data files that hold translatable text, in the order of DATA_FILES. */
export const TRANSLATED_FILES: readonly TranslatedFile[] = DATA_FILES.flatMap((entry) => {
  const translation = translationSchema(entry.schema as z.ZodType, { partial: true });
  return translation ? [{ key: entry.key, file: entry.file, schema: entry.schema as z.ZodType, translation }] : [];
});

/** The translations of one language: each translation file that passed its schema, and the files not written yet. */
export interface LocaleTranslations {
  code: string;
  /** Folder of the language's files, like `de` (data/de/). */
  files: Partial<Record<DataKey, unknown>>;
  /** Translated data files that have no file in data/<code>/ at all. */
  absent: DataKey[];
}

export interface SourceText {
  path: PathSegment[];
  text: string;
}

/** Every translatable text of a data file's value, depth first, with its path. */
export function translatableTexts(schema: z.ZodType, value: unknown): SourceText[] {
  const out: SourceText[] = [];
  const walk = (node: unknown, path: PathSegment[]) => {
    if (typeof node === "string") {
      if (textMetaAt(schema, path)?.translatable) out.push({ path, text: node });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => {
        walk(item, [...path, index]);
      });
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    }
  };
  walk(value, []);
  return out;
}

/** The value at `path`, or undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

/**
 * The English value with every translatable text the translation gives put
 * in its place; figures, slugs, options and hrefs stay English, and so does
 * a text the translation lacks (validate reports it as missing).
 */
export function mergeTranslation<T>(schema: z.ZodType, english: T, translation: unknown): T {
  const merge = (node: unknown, path: PathSegment[]): unknown => {
    if (typeof node === "string") {
      if (!textMetaAt(schema, path)?.translatable) return node;
      const translated = valueAt(translation, path);
      return typeof translated === "string" ? translated : node;
    }
    if (Array.isArray(node)) return node.map((item, index) => merge(item, [...path, index]));
    if (node !== null && typeof node === "object") {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, merge(child, [...path, key])]));
    }
    return node;
  };
  return merge(english, []) as T;
}
