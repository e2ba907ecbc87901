import { DATA_FILES, type DataKey, type DataSet } from "../schemas/index.ts";
import { inquirySchemaInput } from "../schemas/inquiry.ts";
import type { PathSegment } from "../schemas/suggest.ts";
import { resolveDeep, resolveTokens, type TokenContext } from "../schemas/templates.ts";
import { textMetaAt } from "../schemas/text.ts";
import { type LocaleTranslations, mergeTranslation } from "../schemas/translation-files.ts";
import { publishedArticles, renderArticleIndex, renderInsightsModule, summarize } from "./articles/module.ts";
import { renderLocaleTables } from "./locale-tables.ts";
import type { Article } from "./results.ts";
import { typedExport } from "./typed-export.ts";

/** Modules derived from several data files, written after the one module per data file. */
export const DERIVED_MODULES = ["inquiry-schema.ts"] as const;

export interface GeneratedModule {
  /** File name inside the output folder, like `consultants.ts`, or `de/consultants.ts` for a language. */
  name: string;
  content: string;
}

/** One other language as generate sees it: its translation files and its published articles. */
export interface LocaleContent {
  code: string;
  translations?: LocaleTranslations;
  articles?: readonly Article[];
}

/** The other languages of a validated content folder, as `renderModules` takes them. */
export function otherLocales(result: {
  translations: readonly LocaleTranslations[];
  translatedArticles: readonly { code: string; articles: readonly Article[] }[];
}): (LocaleContent & { articles: readonly Article[] })[] {
  return result.translations.map((translations) => ({
    code: translations.code,
    translations,
    articles: result.translatedArticles.find((t) => t.code === translations.code)?.articles ?? [],
  }));
}

/**
 * Renders one typed module per data file: every top-level key becomes a
 * named export, every {firm.x}/{stats.x} token is resolved. Each export is
 * typed with its value's literal types, except that a translatable text is
 * a `string`: so every other language's module (`<code>/<name>.ts`, the
 * English data with that language's texts merged over it) has exactly the
 * same type, `typeof en.<export>`. A text a translation lacks stays English
 * there (validate reports it). The output depends only on the data, so the
 * same input gives the same bytes.
 */
export function renderModules(
  data: DataSet,
  articles: readonly Article[] = [],
  others: readonly LocaleContent[] = [],
): GeneratedModule[] {
  const modules = renderLocale(data, articles, "");
  const defaultLocale = data.locales.defaultLocale;
  for (const { code } of data.locales.locales) {
    if (code === defaultLocale) continue;
    const given = others.find((o) => o.code === code);
    const translated = Object.fromEntries(
      DATA_FILES.map((entry) => {
        const translation = given?.translations?.files[entry.key];
        const english = data[entry.key];
        return [entry.key, translation === undefined ? english : mergeTranslation(entry.schema, english, translation)];
      }),
    ) as unknown as DataSet;
    modules.push(...renderLocale(translated, given?.articles ?? [], code));
  }
  // Last: each module's table of its languages (by-locale/), what the site and the inquiry domain import.
  modules.push(...renderLocaleTables(modules, data.locales));
  return modules;
}

/** The modules of one language: the default's at the top (`code` ""), another's in `<code>/`. */
function renderLocale(data: DataSet, articles: readonly Article[], code: string): GeneratedModule[] {
  const context: TokenContext = {
    firm: {
      name: data.site.firm.name,
      legalName: data.site.firm.legalName,
      tagline: data.site.firm.tagline,
      email: data.site.firm.email,
      baseUrl: data.site.firm.baseUrl,
    },
    stats: data.stats.stats,
    retention: data.legal.retention,
  };
  // The tagline itself may use tokens; resolve it first so others can use it.
  context.firm.tagline = resolveDeep(context.firm.tagline, context);
  const folder = code ? `${code}/` : "";
  const from = (file: string) => (code ? `data/${file} and data/${code}/${file}` : `data/${file}`);
  const typeFrom = (name: string) => (code ? `import type * as en from "../${name}";\n\n` : "");

  const resolved = Object.fromEntries(
    DATA_FILES.map((entry) => [entry.key, resolveDeep(data[entry.key], context)]),
  ) as unknown as DataSet;
  const modules: GeneratedModule[] = DATA_FILES.flatMap((entry) => {
    const name = `${entry.file.replace(/\.yaml$/, "")}.ts`;
    if (entry.key === "insights") {
      const summaries = publishedArticles(articles).map((article) => ({
        ...summarize(article, data.insights.readingWordsPerMinute, (text) => resolveTokens(text, context)),
        ...(article.translation ? { translationOf: article.translation.translationOf } : {}),
      }));
      return [
        {
          name: `${folder}insights.ts`,
          content: renderInsightsModule(resolved.insights, code, (path) => isText("insights", path)),
        },
        { name: `${folder}articles.json`, content: renderArticleIndex(summaries) },
      ];
    }
    const exports = Object.entries(resolved[entry.key] as Record<string, unknown>)
      .map(([key, value]) => typedExport(key, value, code, (path) => isText(entry.key, [key, ...path])))
      .join("\n");
    const content = `// Generated from ${from(entry.file)} by \`npm run generate\`. Do not edit.\n\n${typeFrom(name)}${exports}`;
    return [{ name: `${folder}${name}`, content }];
  });
  // Derived from five files: the browser and the inquiry domain build the inquiry schema from this one value.
  const input = inquirySchemaInput(resolved);
  modules.push({
    name: `${folder}${DERIVED_MODULES[0]}`,
    content: `// Generated from data/${code ? `${code}/` : ""}form-options.yaml, contact.yaml, home.yaml, inquiry.yaml and data/locales.yaml by \`npm run generate\`. Do not edit.\n// The input of makeInquirySchema (schemas/inquiry.ts).\n\n${typeFrom(DERIVED_MODULES[0])}${typedExport("inquirySchemaInput", input, code, (path) => path[0] === "labels" || path[0] === "messages")}`,
  });
  return modules;
}

const schemaOf = new Map<DataKey, (typeof DATA_FILES)[number]["schema"]>(DATA_FILES.map((e) => [e.key, e.schema]));

/** Whether the string at `path` of data file `key` is a translatable text. */
export function isText(key: DataKey, path: readonly PathSegment[]): boolean {
  const schema = schemaOf.get(key);
  return schema ? textMetaAt(schema, path)?.translatable === true : false;
}
