// Every file of data/ the editor lists, by kind, with its state from the
// same validation as `npm run validate`.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../../content/index.ts";
import { DATA_FILES } from "../../schemas/index.ts";
import { TRANSLATED_FILES } from "../../schemas/translation-files.ts";
import type { FileKind } from "./forms.ts";

export interface FileState {
  errors: number;
  warnings: number;
  /** Texts whose English changed since they were translated. */
  stale: number;
  /** Texts (or the whole file) not translated yet. */
  missing: number;
}

export interface FileEntry extends FileState {
  /** Relative to data/, like `de/home.yaml`. */
  path: string;
  kind: FileKind;
  /** A language's file: its code. */
  locale?: string;
  exists: boolean;
}

/** Counts the diagnostics of one file (its path as shown, `data/de/home.yaml`). */
export function stateOf(diagnostics: readonly Diagnostic[], shown: string): FileState {
  const state: FileState = { errors: 0, warnings: 0, stale: 0, missing: 0 };
  for (const d of diagnostics) {
    if (d.file !== shown) continue;
    if (d.stale) state.stale++;
    else if (d.missing) state.missing++;
    if (d.severity === "error") state.errors++;
    else state.warnings++;
  }
  return state;
}

async function markdownIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(".md")).sort();
}

/** The files of data/ by kind; `locales` are the languages other than the default. */
export async function listFiles(
  dataDir: string,
  locales: readonly string[],
  diagnostics: readonly Diagnostic[],
  shownData = "data",
  /** Per language, the published articles with no translation yet: listed as missing. */
  untranslated: Readonly<Record<string, readonly string[]>> = {},
): Promise<FileEntry[]> {
  const exists = async (path: string) => Boolean(await stat(join(dataDir, path)).catch(() => undefined));
  const entry = async (path: string, kind: FileKind, locale?: string): Promise<FileEntry> => ({
    path,
    kind,
    ...(locale ? { locale } : {}),
    exists: await exists(path),
    ...stateOf(diagnostics, `${shownData}/${path}`),
  });
  const files: FileEntry[] = [];
  for (const { file } of DATA_FILES) files.push(await entry(file, "data"));
  if (await exists("glossary.yaml")) files.push(await entry("glossary.yaml", "glossary"));
  for (const code of locales) {
    for (const { file } of TRANSLATED_FILES) files.push(await entry(`${code}/${file}`, "translation", code));
  }
  for (const name of await markdownIn(join(dataDir, "insights")))
    files.push(await entry(`insights/${name}`, "article"));
  for (const code of locales) {
    for (const name of await markdownIn(join(dataDir, "insights", code))) {
      files.push(await entry(`insights/${code}/${name}`, "article translation", code));
    }
    for (const slug of untranslated[code] ?? []) {
      const missing = await entry(`insights/${code}/${slug}.md`, "article translation", code);
      if (!missing.exists) files.push({ ...missing, missing: 1 });
    }
  }
  return files;
}
