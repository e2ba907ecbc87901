import { join } from "node:path";
import type { z } from "zod";
import { duplicateTerms, GlossarySchema } from "../schemas/glossary.ts";
import { DATA_FILES, type DataKey, type DataSet } from "../schemas/index.ts";
import { runRules } from "../schemas/rules/index.ts";
import { formatPath, type PathSegment } from "../schemas/suggest.ts";
import { cardTextIssues } from "./card-text.ts";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.ts";
import { displayPath, fileExists, loadYamlFile } from "./load.ts";
import { loadTranslations, translationLocales, translationPath } from "./load-translations.ts";
import { parseOnce } from "./parse-once.ts";
import type { DeferredLink, ValidationResult } from "./results.ts";
import { diagnosticAt, locate, type SourceFile, spanOf, spanOfText } from "./source.ts";
import { textSpanInScalar } from "./value-position.ts";
import { issuesToDiagnostics } from "./zod-issues.ts";

/**
 * The whole chain: read and parse each file (keeping positions), check it
 * against its schema, then run the cross-file rules on what passed.
 */
export async function validateDataDir(dir: string): Promise<ValidationResult> {
  const loaded = await Promise.all(DATA_FILES.map((entry) => loadYamlFile(join(dir, entry.file))));
  const data: Partial<Record<DataKey, unknown>> = {};
  const sources = new Map<DataKey, SourceFile>();
  const diagnostics: Diagnostic[] = [];
  const deferredLinks: DeferredLink[] = [];

  DATA_FILES.forEach((entry, index) => {
    const result = loaded[index];
    if (!result) return;
    diagnostics.push(...result.diagnostics);
    if (result.source) sources.set(entry.key, result.source);
    if (result.value === undefined || !result.source || result.diagnostics.some((d) => d.severity === "error")) return;
    const parsed = parseOnce(entry.schema as z.ZodType, result.value);
    if (parsed.success) data[entry.key] = parsed.data;
    else diagnostics.push(...issuesToDiagnostics(result.source, entry.schema as z.ZodType, parsed.error.issues));
  });

  // The translations, once the languages are known: data/<code>/<file> for every other language.
  const translated = data.locales
    ? await loadTranslations(dir, translationLocales(data.locales as DataSet["locales"]))
    : { locales: [], diagnostics: [], sources: new Map<string, SourceFile>() };
  diagnostics.push(...translated.diagnostics);

  const fileOf = new Map<DataKey, string>(DATA_FILES.map((entry) => [entry.key, entry.file]));
  /** `data/home.yaml:4:10`: where an English text is written, for a translation's message. */
  const cited = (key: DataKey, path: PathSegment[]): string => {
    const source = sources.get(key);
    const node = source?.doc ? locate(source.doc, path)?.node : undefined;
    if (!source || !node) return source?.file ?? `data/${fileOf.get(key)}`;
    const { line, col } = source.lines.linePos(node.range[0]);
    return `${source.file}:${line}:${col}`;
  };
  const rules = [
    ...runRules({ ...(data as Partial<DataSet>), translations: translated.locales }),
    ...cardTextIssues({ ...(data as Partial<DataSet>), translations: translated.locales }),
  ];
  for (const issue of rules) {
    const file = fileOf.get(issue.key) ?? "";
    const source = issue.locale
      ? translated.sources.get(displayPath(translationPath(dir, issue.locale, file)))
      : sources.get(issue.key);
    const where = issue.cite ? cited(issue.key, issue.cite) : "";
    const message = issue.message.replaceAll("{source}", where);
    const hint = issue.hint?.replaceAll("{source}", where);
    if (!source?.doc) {
      // A translation file not written yet: the issue is about the whole file.
      if (issue.locale) {
        const at = { line: 1, column: 1, endLine: 1, endColumn: 1 };
        const path = displayPath(translationPath(dir, issue.locale, file));
        diagnostics.push({
          file: path,
          ...at,
          severity: issue.severity,
          path: "",
          message,
          ...(hint ? { hint } : {}),
          ...(issue.missing ? { missing: true } : {}),
        });
      }
      continue;
    }
    const found = locate(source.doc, issue.path);
    const exact = found !== undefined && found.depth === issue.path.length;
    const node =
      (issue.at === "parent" && !exact && found?.depth ? found.key : undefined) ??
      (issue.at === "key" && exact ? found.key : undefined) ??
      found?.node;
    const span = node
      ? ((issue.index !== undefined && exact
          ? textSpanInScalar(node, source.text, issue.index, issue.needle)
          : undefined) ??
        (issue.needle ? spanOfText(node, source.text, issue.needle) : undefined) ??
        spanOf(node, source.text, true))
      : { start: 0, end: 0 };
    const diagnostic = {
      ...diagnosticAt(source, span, issue.severity, formatPath(issue.path), message, hint),
      ...(issue.stale ? { stale: true } : {}),
      ...(issue.missing ? { missing: true } : {}),
    };
    if (issue.deferredHref === undefined) diagnostics.push(diagnostic);
    else {
      const { severity: _s, message: _m, hint: _h, ...at } = diagnostic;
      deferredLinks.push({ href: issue.deferredHref, at });
    }
  }

  // The glossary of the translations (data/glossary.yaml), when there is one.
  const glossary = await checkGlossary(dir);
  diagnostics.push(...glossary.diagnostics);
  if (glossary.source) translated.sources.set(glossary.source.file, glossary.source);

  diagnostics.sort(compareDiagnostics);
  return {
    data: data as Partial<DataSet>,
    diagnostics,
    sources,
    filesChecked: DATA_FILES.length + translated.sources.size,
    deferredLinks,
    translations: translated.locales,
    translationSources: translated.sources,
  };
}

/** data/glossary.yaml against its schema, and no term twice. */
async function checkGlossary(dir: string): Promise<{ diagnostics: Diagnostic[]; source?: SourceFile }> {
  const path = join(dir, "glossary.yaml");
  if (!(await fileExists(path))) return { diagnostics: [] };
  const loaded = await loadYamlFile(path);
  const source = loaded.source;
  if (loaded.value === undefined || !source?.doc || loaded.diagnostics.some((d) => d.severity === "error")) {
    return { diagnostics: loaded.diagnostics, ...(source ? { source } : {}) };
  }
  const parsed = parseOnce(GlossarySchema, loaded.value);
  if (!parsed.success) {
    return { diagnostics: issuesToDiagnostics(source, GlossarySchema, parsed.error.issues), source };
  }
  const doc = source.doc;
  const diagnostics = duplicateTerms(parsed.data).map(({ index, first }) => {
    const node = locate(doc, ["terms", index, "en"])?.node;
    const line = source.lines.linePos(locate(doc, ["terms", first, "en"])?.node.range[0] ?? 0).line;
    return diagnosticAt(
      source,
      node ? spanOf(node, source.text) : { start: 0, end: 0 },
      "error",
      formatPath(["terms", index, "en"]),
      `the term "${parsed.data.terms[index]?.en}" is listed twice (first at line ${line})`,
      "keep one entry per term: merge the notes into the first",
    );
  });
  return { diagnostics, source };
}
