/**
 * What validation hands on: the shapes shared by the data files' validation
 * (validate.ts), the articles' (articles/index.ts), the cache, the lock files
 * and the commands. Types only, so that every module of cli/lib can name them
 * without importing the module that computes them (imports flow one way:
 * content.ts → cache.ts, validate.ts, articles/ → results.ts).
 */
import type { DataKey, DataSet } from "../schemas/index.ts";
import type { LocaleTranslations } from "../schemas/translation-files.ts";
import type { ArticleRecord } from "./articles/article-file.ts";
import type { Diagnostic } from "./diagnostic.ts";
import type { SourceFile } from "./source.ts";

export type Article = ArticleRecord;

/** An href in a YAML text that points into /insights, located in its file; checked once articles are known. */
export interface DeferredLink {
  href: string;
  at: Omit<Diagnostic, "severity" | "message" | "hint">;
}

/** The articles of one other language, data/insights/<code>/<slug>.md. */
export interface TranslatedArticles {
  code: string;
  articles: Article[];
}

/** The YAML data files' validation. */
export interface ValidationResult {
  /** Every file that passed its schema, by key. */
  data: Partial<DataSet>;
  diagnostics: Diagnostic[];
  sources: Map<DataKey, SourceFile>;
  filesChecked: number;
  /** Links of texts into /insights, checked with the articles. */
  deferredLinks: DeferredLink[];
  /** Each other language's translation files that passed their schema (data/<code>/). */
  translations: LocaleTranslations[];
  /** Source of every translation file read, by shown path. */
  translationSources: Map<string, SourceFile>;
}

/** Everything `validate` checked: the data files, then the articles. */
export interface ContentResult extends ValidationResult {
  articles: Article[];
  /** Each other language's translated articles (data/insights/<code>/). */
  translatedArticles: TranslatedArticles[];
  /** Source text by shown path, for the code frames of every file with a diagnostic. */
  texts: Map<string, string>;
}
