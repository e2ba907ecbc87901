// Environment: server and browser. A module's languages as a table whose
// default language is at hand and whose other languages are chunks of their
// own, loaded before a page in that language renders. For the modules that
// pages of every language use in the browser (site.ts, inquiry.ts): bundled
// as `{ en, de }`, an English page's script would carry the German texts too.
// Each table registers itself when its module loads: before a page renders,
// site/pages/+onBeforeRenderClient.ts loads the page's language of every
// table the page's code has brought (first load or client-side navigation);
// a chunk that brings a table later (a lazy form) loads it before it renders
// (textsForCurrentPage). Server code loads every language once
// (site/lib/content.ts).
import type { Locale } from "../locale.ts";

const tables: LazyTable<unknown>[] = [];
/** The language of the page rendered last in the browser. */
let current: Locale | undefined;

/** Loads `locale`'s texts of every table loaded so far: undefined when all are at hand already. */
export function textsFor(locale: Locale): Promise<unknown> | undefined {
  current = locale;
  const missing = tables.filter((table) => !table.has(locale));
  return missing.length > 0 ? Promise.all(missing.map((table) => table.load(locale))) : undefined;
}

/** For a chunk that brings a table with it (`import(…).then(withPageTexts)`): its module, once its texts in the page's language are at hand. */
export async function withPageTexts<T>(module: T): Promise<T> {
  if (current !== undefined) await textsFor(current);
  return module;
}

export interface LazyTable<T> {
  /** The texts by language, for useTexts; a language not loaded yet is a bug, said so. */
  byLocale: Record<Locale, T>;
  /** Whether `locale`'s texts are at hand. */
  has(locale: Locale): boolean;
  /** Loads `locale`'s texts, once. */
  load(locale: Locale): Promise<void>;
}

/** `loaders`: each language's module, the default language's at hand (`async () => en`), the others' by dynamic import. */
export function lazyTable<T>(
  name: string,
  loaders: Record<Locale, () => Promise<T>>,
  loaded: Partial<Record<Locale, T>>,
): LazyTable<T> {
  const byLocale = Object.defineProperties(
    {},
    Object.fromEntries(
      Object.keys(loaders).map((code) => [
        code,
        {
          enumerable: true,
          get: () => {
            const texts = loaded[code as Locale];
            if (!texts) throw new Error(`bug: the ${code} ${name} texts are used before they are loaded`);
            return texts;
          },
        },
      ]),
    ),
  ) as Record<Locale, T>;
  const table: LazyTable<T> = {
    byLocale,
    has: (locale) => loaded[locale] !== undefined,
    load: async (locale) => {
      loaded[locale] ??= await loaders[locale]();
    },
  };
  tables.push(table);
  return table;
}
