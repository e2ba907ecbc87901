import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DATA_FILES, type DataKey } from "../../schemas/index.ts";
import { countBySeverity } from "./diagnostic.ts";
import type { ValidationResult } from "./results.ts";
import { lineCounterFor, type SourceFile } from "./source.ts";

/** How many validated data sets are kept. */
const KEEP = 4;

interface Cached {
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
 * files twice. A clean result is kept, keyed by the bytes of every data file
 * and by the CLI build itself, so the second run skips parsing. Results with
 * errors are never kept: they are what the owner is fixing.
 */
export async function withValidationCache(
  dir: string,
  validate: () => Promise<ValidationResult>,
  cacheDir = process.env.CONTENT_CACHE_DIR ??
    join(process.cwd(), "node_modules", ".cache", "content-cli", "validations"),
): Promise<ValidationResult> {
  // The CLI build, the folder and the working directory (diagnostics show paths relative to it).
  const hash = createHash("sha256")
    .update(import.meta.url)
    .update("\0")
    .update(dir)
    .update("\0")
    .update(process.cwd());
  for (const entry of DATA_FILES) {
    const bytes = await readFile(join(dir, entry.file)).catch(() => null);
    hash
      .update("\0")
      .update(entry.file)
      .update("\0")
      .update(bytes ?? "<missing>");
  }
  // Translations: every file in a language's folder (data/<code>/*.yaml); the folders are few and small.
  for (const folder of await translationFolders(dir)) {
    for (const name of (await readdir(join(dir, folder)).catch(() => [] as string[])).sort()) {
      if (!name.endsWith(".yaml")) continue;
      const bytes = await readFile(join(dir, folder, name)).catch(() => null);
      hash
        .update("\0")
        .update(`${folder}/${name}`)
        .update("\0")
        .update(bytes ?? "<missing>");
    }
  }
  const file = join(cacheDir, `${hash.digest("hex").slice(0, 32)}.json`);

  const hit = await readFile(file, "utf8").then(
    (text) => JSON.parse(text) as Cached,
    () => undefined,
  );
  if (hit) {
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
        (hit.translationSources ?? []).map((source) => [
          source.file,
          { ...source, lines: lineCounterFor(source.text) },
        ]),
      ),
    };
  }

  const result = await validate();
  if (countBySeverity(result.diagnostics).errors === 0) {
    const withDiagnostics = new Set(result.diagnostics.map((d) => d.file));
    const cached: Cached = {
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
    // A cache that cannot be written is only a slower next run.
    await store(cacheDir, file, JSON.stringify(cached)).catch(() => undefined);
  }
  return result;
}

/** The sub-folders of data/ that may hold a language's texts (two-letter names). */
async function translationFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && /^[a-z]{2}$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

async function store(dir: string, file: string, content: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
  const entries = await readdir(dir);
  const dated = await Promise.all(
    entries.filter((e) => e.endsWith(".json")).map(async (e) => ({ e, t: (await stat(join(dir, e))).mtimeMs })),
  );
  dated.sort((a, b) => b.t - a.t);
  await Promise.all(dated.slice(KEEP).map(({ e }) => rm(join(dir, e), { force: true })));
}
