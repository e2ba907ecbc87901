// The per-language tables of the generated modules: for each module, one file
// that imports it in every language of data/locales.yaml, so the site and the
// inquiry domain never list the languages by hand (a language added to
// data/locales.yaml, with its translations, needs no code change there).
// Two forms per module, in two files so a bundler keeps them apart:
// `by-locale/<name>.ts` imports every language at once (server code, and the
// modules only pages of one language use), `by-locale/<name>.lazy.ts` has the
// default language at hand and each other one as a chunk of its own
// (site/lib/content/by-locale.ts: an English page's script carries no German).
/** A file of the output folder, as generate.ts renders it (its GeneratedModule; not imported: generate.ts imports this). */
interface GeneratedModule {
  name: string;
  content: string;
}

/** The folder of the tables inside the output folder; not a language code (two letters). */
export const TABLES_DIR = "by-locale";

interface Locales {
  defaultLocale: string;
  locales: readonly { code: string }[];
}

/**
 * The name a language's module is imported as: `$en`, `$de`. A code alone may
 * be a keyword (`as`), and the `$` keeps it apart from the exports' own
 * tables, named as the exports (data keys, which have no `$`).
 */
const binding = (code: string) => `$${code}`;

/** The names the tables declare beside the exports' own tables. */
const TABLE_NAMES = ["byLocale", "loaders", "loaded", "Texts", "Code"];

/** The exported consts of a generated module, in order: each gets a table of its own. */
function exportedConsts(content: string): string[] {
  return [...content.matchAll(/^export const (\w+)/gm)].map((match) => match[1] as string);
}

/**
 * The tables of every module of the default language (`modules` with no
 * folder; not the article index, which pages read from disk). The default
 * language's table file comes first in each, the rest in the order of
 * data/locales.yaml.
 */
export function renderLocaleTables(modules: readonly GeneratedModule[], data: Locales): GeneratedModule[] {
  const codes = [data.defaultLocale, ...data.locales.map((l) => l.code).filter((c) => c !== data.defaultLocale)];
  const own = modules.filter((m) => !m.name.includes("/") && m.name.endsWith(".ts"));
  return own.flatMap((module) => {
    const exports = exportedConsts(module.content);
    const taken = exports.filter((name) => TABLE_NAMES.includes(name));
    if (taken.length > 0) {
      throw new Error(
        `bug: ${module.name} exports \`${taken.join("`, `")}\`, a name its tables in ${TABLES_DIR}/ use themselves: rename that key`,
      );
    }
    return [eagerTable(module.name, codes, exports), lazyTable(module.name, codes)];
  });
}

const from = (code: string, defaultCode: string, name: string) =>
  code === defaultCode ? `../${name}` : `../${code}/${name}`;

function header(what: string): string {
  return `// Generated from data/locales.yaml by \`npm run generate\`. Do not edit.
// ${what} (content/locale-tables.ts).

import type * as $locales from "../locales.ts";
`;
}

const typesOf = (defaultCode: string) => `
type Code = (typeof $locales.locales)[number]["code"];
/** The module's exports: the same type in every language. */
export type Texts = typeof ${binding(defaultCode)};
`;

function eagerTable(name: string, codes: readonly string[], exports: readonly string[]): GeneratedModule {
  const [defaultCode = ""] = codes;
  const imports = codes.map((code) => `import * as ${binding(code)} from "${from(code, defaultCode, name)}";`);
  const table = (pick: (code: string) => string) => `{ ${codes.map((code) => `${code}: ${pick(code)}`).join(", ")} }`;
  const perExport = exports.map(
    (exported) =>
      `export const ${exported}: Record<Code, Texts[${JSON.stringify(exported)}]> = ${table((code) => `${binding(code)}.${exported}`)};\n`,
  );
  return {
    name: `${TABLES_DIR}/${name}`,
    content: `${header(`${name} in every language, imported at once`)}${imports.join("\n")}
${typesOf(defaultCode)}
export const byLocale: Record<Code, Texts> = ${table(binding)};

// Each export's own table, for a script that needs that export alone (the rest is left out of its bundle).
${perExport.join("")}`,
  };
}

function lazyTable(name: string, codes: readonly string[]): GeneratedModule {
  const [defaultCode = ""] = codes;
  const loaders = codes.map((code) =>
    code === defaultCode
      ? `${code}: async () => ${binding(code)}`
      : `${code}: () => import("${from(code, defaultCode, name)}")`,
  );
  return {
    name: `${TABLES_DIR}/${name.replace(/\.ts$/, ".lazy.ts")}`,
    content: `${header(`${name} in every language: the default's at hand, every other one a chunk of its own`)}import * as ${binding(defaultCode)} from "${from(defaultCode, defaultCode, name)}";
${typesOf(defaultCode)}
/** Each language's module; the other languages' by dynamic import (site/lib/content/by-locale.ts). */
export const loaders: Record<Code, () => Promise<Texts>> = { ${loaders.join(", ")} };

/** The modules at hand: the default language's; the table adds the others as they load. */
export const loaded: Partial<Record<Code, Texts>> = { ${defaultCode}: ${binding(defaultCode)} };
`,
  };
}
