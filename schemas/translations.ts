/**
 * Translations of the data files (docs/i18n.md, C1): `data/<code>/<file>`
 * holds only the translatable texts of `data/<file>`, at the same keys, lists
 * mirrored by position. Pure helpers shared by the loader, the rules and
 * `generate`: which files are translated, every English text with its path,
 * and the English data with a translation merged over it.
 */
import { z } from "zod";
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

/** What a translation was made from: the hash of the English text, and the text itself (for the stale warning). */
export interface LockEntry {
  hash: string;
  en: string;
}

/** A lock file, data/<code>/<name>.lock.yaml: entries by the text's path (`hero.heading`). */
export type Lock = Record<string, LockEntry>;

/** The translations of one language: each translation file that passed its schema, and the files not written yet. */
export interface LocaleTranslations {
  code: string;
  /** Folder of the language's files, like `de` (data/de/). */
  files: Partial<Record<DataKey, unknown>>;
  /** Translated data files that have no file in data/<code>/ at all. */
  absent: DataKey[];
  /** The lock of each translation file (data/<code>/<name>.lock.yaml), when there is one. */
  locks?: Partial<Record<DataKey, Lock>>;
  /** The lock of the language's articles (data/<code>/articles.lock.yaml). */
  articlesLock?: Lock;
}

/** The schema of a lock file (written by `npm run translations -- accept`, never by hand). */
export const LockSchema = z
  .record(
    z.string(),
    z.strictObject({
      hash: z
        .string()
        .regex(/^[0-9a-f]{16}$/, { error: "must be the 16 hex digits accept writes" })
        .describe("sourceHash of the English text (schemas/hash.ts)"),
      en: z.string().describe("The English text the translation was made from"),
    }),
  )
  .describe("What each translated text was translated from, by its path; written by `npm run translations -- accept`");

/** `data/de/home.lock.yaml` beside `data/de/home.yaml`. */
export function lockFileName(file: string): string {
  return file.replace(/\.yaml$/, ".lock.yaml");
}

/** The lock of the articles of a language: data/<code>/articles.lock.yaml, entries `<slug>.title`, `.description`, `.body`. */
export const ARTICLES_LOCK = "articles.lock.yaml";

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
