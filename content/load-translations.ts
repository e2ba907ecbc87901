import { join } from "node:path";
import type { z } from "zod";
import type { Locales } from "../schemas/locales.ts";
import {
  ARTICLES_LOCK,
  ArticlesLockSchema,
  type LocaleTranslations,
  type Lock,
  LockSchema,
  lockFileName,
  TRANSLATED_FILES,
} from "../schemas/translation-files.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { displayPath, fileExists, loadYamlFile } from "./load.ts";
import { parseOnce } from "./parse-once.ts";
import type { SourceFile } from "./source.ts";
import { issuesToDiagnostics } from "./zod-issues.ts";

export interface TranslationsLoad {
  locales: LocaleTranslations[];
  diagnostics: Diagnostic[];
  /** Source of every translation file read, by shown path (for code frames and the rules' positions). */
  sources: Map<string, SourceFile>;
}

/** The languages other than the default: their texts live in data/<code>/. */
export function translationLocales(locales: Locales | undefined): string[] {
  return (locales?.locales ?? []).map((l) => l.code).filter((code) => code !== locales?.defaultLocale);
}

/** `data/de/home.yaml` for the language `de` and the data file `home.yaml`. */
export function translationPath(dir: string, code: string, file: string): string {
  return join(dir, code, file);
}

/**
 * Reads `data/<code>/<file>` for every language and every translated data
 * file, and checks each against the file's translation schema (texts of the
 * same types and bounds as the English ones). A file not written yet is
 * `absent`, not an error here: the translation rules say what is missing.
 */
export async function loadTranslations(dir: string, codes: readonly string[]): Promise<TranslationsLoad> {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, SourceFile>();
  const locales = await Promise.all(
    codes.map(async (code): Promise<LocaleTranslations> => {
      const result: LocaleTranslations = { code, files: {}, absent: [], locks: {} };
      /** A lock file's records; `unread` (its path as shown) when it is there but has errors of its own. */
      const readLock = async (file: string, schema: z.ZodType<Lock>): Promise<{ lock?: Lock; unread?: string }> => {
        const path = join(dir, code, file);
        if (!(await fileExists(path))) return {};
        const loaded = await loadYamlFile(path);
        diagnostics.push(...loaded.diagnostics);
        const unread = { unread: displayPath(path) };
        if (loaded.source) sources.set(loaded.source.file, loaded.source);
        if (loaded.value === undefined || !loaded.source || loaded.diagnostics.some((d) => d.severity === "error"))
          return unread;
        const parsed = parseOnce(schema, loaded.value);
        if (parsed.success) return { lock: parsed.data };
        diagnostics.push(...issuesToDiagnostics(loaded.source, schema, parsed.error.issues));
        return unread;
      };
      await Promise.all(
        TRANSLATED_FILES.map(async (entry) => {
          const path = translationPath(dir, code, entry.file);
          if (!(await fileExists(path))) {
            result.absent.push(entry.key);
            return;
          }
          const { lock, unread } = await readLock(lockFileName(entry.file), LockSchema);
          if (lock && result.locks) result.locks[entry.key] = lock;
          if (unread) result.unreadLocks = { ...result.unreadLocks, [entry.key]: unread };
          const loaded = await loadYamlFile(path);
          diagnostics.push(...loaded.diagnostics);
          if (loaded.source) sources.set(loaded.source.file, loaded.source);
          if (loaded.value === undefined || !loaded.source || loaded.diagnostics.some((d) => d.severity === "error"))
            return;
          const parsed = parseOnce(entry.translation, loaded.value);
          if (parsed.success) result.files[entry.key] = parsed.data;
          else diagnostics.push(...issuesToDiagnostics(loaded.source, entry.translation, parsed.error.issues));
        }),
      );
      const articles = await readLock(ARTICLES_LOCK, ArticlesLockSchema);
      if (articles.lock) result.articlesLock = articles.lock;
      if (articles.unread) result.unreadArticlesLock = articles.unread;
      const order = new Map(TRANSLATED_FILES.map((entry, index) => [entry.key, index]));
      result.absent.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      return result;
    }),
  );
  return { locales, diagnostics, sources };
}
