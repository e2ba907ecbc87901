import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { DataKey } from "../schemas/index.ts";
import { countBySeverity } from "./diagnostic.ts";
import { digest, recordRead, withReadLog } from "./read-log.ts";
import type { ValidationResult } from "./results.ts";
import { lineCounterFor, type SourceFile } from "./source.ts";
import { readEntry, storeFolder, writeEntry } from "./store.ts";

/** How many validated data sets are kept. */
const KEEP = 4;

interface Cached {
  /** Every file the validation read or looked for, by absolute path: SHA-256 of its bytes, or null when missing. */
  reads: [string, string | null][];
  data: ValidationResult["data"];
  diagnostics: ValidationResult["diagnostics"];
  /** Source text of the files that have diagnostics (warnings), for code frames. */
  sources: [DataKey, { file: string; text: string }][];
  filesChecked: number;
  deferredLinks: ValidationResult["deferredLinks"];
  translations: ValidationResult["translations"];
  /** Source text of the translation files that have diagnostics. */
  translationSources: { file: string; text: string }[];
}

/**
 * `npm run validate` and then `npm run build` (which generates) read the same
 * files twice. A clean result is kept with the list of every file its
 * validation read or looked for (read-log.ts, recorded as it reads: the data
 * files, the translations and their locks, the glossary, whatever a later
 * change makes it read) and the SHA-256 of each; a later run reuses it only
 * while each of those files still has the same bytes (or is still missing).
 * Kept per CLI build, folder and working directory (diagnostics show paths
 * relative to it). Results with errors are never kept: they are what the
 * owner is fixing.
 */
export async function withValidationCache(
  dir: string,
  validate: () => Promise<ValidationResult>,
  cacheDir = storeFolder("validations"),
): Promise<ValidationResult> {
  const base = createHash("sha256")
    .update(import.meta.url)
    .update("\0")
    .update(dir)
    .update("\0")
    .update(process.cwd())
    .digest("hex")
    .slice(0, 24);

  for (const file of await entriesOf(cacheDir, base)) {
    const hit = readEntry<Cached>(file);
    if (hit?.reads && (await unchanged(hit.reads))) return revive(hit);
  }

  const { value: result, reads } = await withReadLog(validate);
  if (countBySeverity(result.diagnostics).errors === 0) {
    const withDiagnostics = new Set(result.diagnostics.map((d) => d.file));
    const listed = [...reads].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const cached: Cached = {
      reads: listed,
      data: result.data,
      diagnostics: result.diagnostics,
      sources: [...result.sources]
        .filter(([, source]) => withDiagnostics.has(source.file))
        .map(([key, source]) => [key, { file: source.file, text: source.text }]),
      filesChecked: result.filesChecked,
      deferredLinks: result.deferredLinks,
      translations: result.translations,
      translationSources: [...result.translationSources.values()]
        .filter((source) => withDiagnostics.has(source.file))
        .map((source) => ({ file: source.file, text: source.text })),
    };
    const file = join(cacheDir, `${base}-${digest(Buffer.from(JSON.stringify(listed))).slice(0, 24)}.bin`);
    // A cache that cannot be written is only a slower next run.
    await store(cacheDir, file, cached).catch(() => undefined);
  }
  return result;
}

/** The kept results of this build and folder, newest first. */
async function entriesOf(cacheDir: string, base: string): Promise<string[]> {
  const names = (await readdir(cacheDir).catch(() => [] as string[])).filter(
    (name) => name.startsWith(`${base}-`) && name.endsWith(".bin"),
  );
  const dated = await Promise.all(
    names.map(async (name) => {
      const file = join(cacheDir, name);
      return { file, time: (await stat(file).catch(() => undefined))?.mtimeMs ?? 0 };
    }),
  );
  return dated.sort((a, b) => b.time - a.time).map((entry) => entry.file);
}

/** Whether every file a validation read still has the bytes it had (or is still missing). */
async function unchanged(reads: Cached["reads"]): Promise<boolean> {
  for (const [path, was] of reads) {
    const bytes = await readFile(path).catch(() => null);
    recordRead(path, bytes);
    if ((bytes === null ? null : digest(bytes)) !== was) return false;
  }
  return true;
}

function revive(hit: Cached): ValidationResult {
  const sources = new Map<DataKey, SourceFile>(
    hit.sources.map(([key, source]) => [key, { ...source, lines: lineCounterFor(source.text) }]),
  );
  return {
    data: hit.data,
    diagnostics: hit.diagnostics,
    sources,
    filesChecked: hit.filesChecked,
    deferredLinks: hit.deferredLinks ?? [],
    translations: hit.translations ?? [],
    translationSources: new Map(
      (hit.translationSources ?? []).map((source) => [source.file, { ...source, lines: lineCounterFor(source.text) }]),
    ),
  };
}

/**
 * Stores a run's result and keeps the KEEP newest. Other runs may store and
 * prune the same folder at the same moment (validate in CI beside an editor,
 * a test suite's concurrent runs): an entry gone between the listing and its
 * `stat` is simply gone, and a cache that cannot be written costs the next
 * run its time, never this run its answer.
 */
async function store(dir: string, file: string, entry: Cached): Promise<void> {
  try {
    if (!writeEntry(file, entry)) return;
    const entries = await readdir(dir);
    const dated = await Promise.all(
      entries
        .filter((e) => e.endsWith(".bin") || e.endsWith(".json")) // .json: the format before the store
        .map(async (e) => ({ e, t: (await stat(join(dir, e)).catch(() => undefined))?.mtimeMs })),
    );
    const present = dated.filter((d): d is { e: string; t: number } => d.t !== undefined);
    present.sort((a, b) => b.t - a.t);
    await Promise.all(present.slice(KEEP).map(({ e }) => rm(join(dir, e), { force: true })));
  } catch {
    // Not stored: the next run validates again.
  }
}
