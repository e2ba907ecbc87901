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
import { LONGEST_TEXT, MAX_FILE_BYTES, PLACES, recorded, textMetaAt, translationSchema } from "./text.ts";

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
  /**
   * Lock files that are there but could not be read (a YAML or schema error of
   * their own, reported at its line): by the data file they lock, their path
   * as shown. Their texts are not checked for staleness, and say so once.
   */
  unreadLocks?: Partial<Record<DataKey, string>>;
  /** data/<code>/articles.lock.yaml as shown, when it is there but could not be read. */
  unreadArticlesLock?: string;
}

const lockEntry = (en: z.ZodType<string>) =>
  z.strictObject({
    hash: z
      .string()
      .regex(/^[0-9a-f]{16}$/, { error: "must be the 16 hex digits accept writes" })
      .describe("sourceHash of the English text (schemas/hash.ts)")
      .meta({ title: "Source hash" }),
    en: en.describe("The English text the translation was made from").meta({ title: "English" }),
  });

const RECORD_HINT = "a lock file records an English text as accept copied it: restore it with git, or accept again";

/**
 * The schema of a data file's lock (written by `npm run translations -- accept`,
 * never by hand). A lock is data too: its texts have the hygiene of every
 * text, and none is longer than the longest English text it may copy.
 */
export const LockSchema = z
  .record(z.string(), lockEntry(recorded(LONGEST_TEXT, RECORD_HINT)))
  .describe("What each translated text was translated from, by its path; written by `npm run translations -- accept`");

/** How long each recorded field of an article may be: its front matter's bounds; a body, a whole article file. */
const ARTICLE_RECORDS = {
  title: PLACES.articleTitle.max,
  description: PLACES.articleDescription.max,
  body: MAX_FILE_BYTES,
} as const;

/** The articles' lock (data/<code>/articles.lock.yaml): `<slug>.title`, `<slug>.description`, `<slug>.body`. */
export const ArticlesLockSchema = z
  .record(
    z.string().regex(/^[a-z0-9-]+\.(?:title|description|body)$/, {
      error: "must be an article's slug and title, description or body, as accept writes it",
    }),
    lockEntry(recorded(MAX_FILE_BYTES, RECORD_HINT)),
  )
  .check((payload) => {
    for (const [key, entry] of Object.entries(payload.value)) {
      const field = key.slice(key.lastIndexOf(".") + 1) as keyof typeof ARTICLE_RECORDS;
      const max = ARTICLE_RECORDS[field];
      const length = entry.en.length;
      if (max === undefined || length <= max) continue;
      payload.issues.push({
        code: "custom",
        message: `too long by ${length - max} characters (${length}, at most ${max}): no article ${field} is that long`,
        input: entry.en,
        path: [key, "en"],
      });
    }
  })
  .describe("What each translated article was translated from; written by `npm run translations -- accept`");

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
export function translatableTexts(schema: z.ZodType, value: unknown): readonly SourceText[] {
  // Once per parsed value: a warm check (the editor) hands the same value back while its file is unchanged.
  const memo = value !== null && typeof value === "object" ? textsOf(schema) : undefined;
  const known = memo?.get(value as object);
  if (known) return known;
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
  memo?.set(value as object, out);
  return out;
}

const textsMemo = new WeakMap<z.ZodType, WeakMap<object, readonly SourceText[]>>();
function textsOf(schema: z.ZodType): WeakMap<object, readonly SourceText[]> {
  let memo = textsMemo.get(schema);
  if (!memo) {
    memo = new WeakMap();
    textsMemo.set(schema, memo);
  }
  return memo;
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
