// One edit as `/api/check` and `/api/save` see it: the text the form makes of
// the file it was opened on, the translations it needs (companions.ts), and
// what validate says of the whole content with them, against what it said of
// data/ as it is on disk. An error the edit causes anywhere blocks the save as
// one in the edited file does; an error that was there before is shown apart.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import type { ContentResult, Diagnostic } from "../../content/index.ts";
import { lockText, translationLocales } from "../../content/index.ts";
import { LockSchema, lockFileName, TRANSLATED_FILES, valueAt } from "../../schemas/translation-files.ts";
import { splitPath } from "../app/error-schema.ts";
import type { Checker } from "./check.ts";
import { type CompanionField, companionValue, followLock } from "./companions.ts";
import { zodSchemaFor } from "./forms.ts";
import { freshItemHints } from "./fresh-items.ts";
import { withFinalNewline } from "./like-siblings.ts";
import { resolveInside } from "./paths.ts";
import { preserveYaml, yamlValue } from "./preserve.ts";
import type { EditBody } from "./requests.ts";
import type { FileChange } from "./write-together.ts";

export const versionOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** A language's file the edit changes with it: the texts to fill, and what validate says of them. */
export interface Companion {
  path: string;
  locale: string;
  fields: CompanionField[];
  diagnostics: Diagnostic[];
}

export interface Candidate {
  path: string;
  base: string;
  text: string;
  disk: string;
  diskVersion: string;
  result: ContentResult;
  /** validate's diagnostics of the edited file. */
  mine: Diagnostic[];
  /** Diagnostics of other files that data/ on disk does not have: this edit's doing. */
  caused: Diagnostic[];
  /** Errors of other files that are there before the edit. */
  before: Diagnostic[];
  companions: Companion[];
  /** The edited file and its companions, to be written together. */
  changes: FileChange[];
}

/** A diagnostic's identity across an edit: its place and words, without the positions it cites (lines move). */
export const identity = (d: Diagnostic) =>
  [d.file, d.line, d.column, d.severity, d.path, d.message.replace(/(\.(?:ya?ml|md)):\d+:\d+/g, "$1")].join("\0");

export const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === "error");

/** Every error a save must not bring to data/: the file's own, its companions', and those it causes elsewhere. */
export const blocking = (found: Candidate) =>
  [...found.mine, ...found.companions.flatMap((c) => c.diagnostics), ...found.caused].filter(
    (d) => d.severity === "error",
  );

export async function candidateEdit(
  dataDir: string,
  checker: Checker,
  opened: ReadonlyMap<string, string>,
  body: EditBody,
  signal?: AbortSignal,
): Promise<Candidate | { error: string }> {
  const path = body.path;
  const absolute = await resolveInside(dataDir, path);
  const base = opened.get(body.version);
  if (base === undefined) return { error: "open the file again: this version is not known" };
  const render = path.endsWith(".md");
  const onDisk = await checker.check(undefined, { render, signal });
  // An article's text is saved as typed; a YAML file's form value is spliced into the text it was opened on.
  const text = body.text !== undefined ? withFinalNewline(base, body.text) : preserveYaml(base, body.value).text;
  const onDiskText = await readFile(absolute, "utf8").catch(() => undefined);
  const disk = onDiskText ?? "";
  const overlay = new Map([[path, text]]);
  const changes: FileChange[] = [{ absolute, text, expected: onDiskText }];
  const needed: Omit<Companion, "diagnostics">[] = [];
  const entry = TRANSLATED_FILES.find((t) => t.file === path);
  if (entry && body.text === undefined) {
    const before = yamlValue(base);
    const after = yamlValue(text);
    for (const locale of translationLocales(onDisk.result.data.locales)) {
      const companionPath = `${locale}/${path}`;
      const companionAbsolute = await resolveInside(dataDir, companionPath);
      const translationText = await readFile(companionAbsolute, "utf8").catch(() => undefined);
      if (translationText === undefined) continue; // validate asks for the whole file, as before the edit
      const translated = yamlValue(translationText);
      if (translated === undefined) continue; // a file that does not parse is fixed in its own form
      const typed = body.translations?.[companionPath] ?? {};
      const { value, fields } = companionValue(entry.schema, before, after, translated, typed);
      if (isDeepStrictEqual(value, translated)) continue;
      const companionText = preserveYaml(translationText, value).text;
      overlay.set(companionPath, companionText);
      changes.push({ absolute: companionAbsolute, text: companionText, expected: translationText });
      needed.push({ path: companionPath, locale, fields });
      // The lock's records follow their texts, or a moved consultant's German would read as stale.
      const lockPath = `${locale}/${lockFileName(path)}`;
      const lockAbsolute = await resolveInside(dataDir, lockPath);
      const lockSource = await readFile(lockAbsolute, "utf8").catch(() => undefined);
      const lock = lockSource === undefined ? undefined : LockSchema.safeParse(yamlValue(lockSource));
      const followed = lock?.success ? followLock(entry.schema, before, after, lock.data) : undefined;
      if (followed) {
        const lockNext = lockText(`data/${companionPath}`, followed);
        overlay.set(lockPath, lockNext);
        changes.push({ absolute: lockAbsolute, text: lockNext, expected: lockSource });
      }
    }
  }
  const { diagnostics, result } = await checker.check(overlay, { render, signal, against: onDisk });
  const shown = (file: string) => `data/${file}`;
  const known = new Set(onDisk.diagnostics.map(identity));
  if (entry && body.text === undefined) {
    offered(needed, diagnostics, known, yamlValue(text), await translations(dataDir, path, onDisk.result));
  }
  const edited = new Set([path, ...needed.map((c) => c.path)].map(shown));
  const elsewhere = diagnostics.filter(
    (d) => !edited.has(d.file) || (d.file !== shown(path) && known.has(identity(d))),
  );
  return {
    path,
    base,
    text,
    disk,
    diskVersion: versionOf(disk),
    result,
    // A new list item's missing fields are hinted as what to fill in, not as a key line moved.
    mine: freshItemHints(
      diagnostics.filter((d) => d.file === shown(path)),
      base,
      shown(path),
      zodSchemaFor(path, translationLocales(onDisk.result.data.locales)),
    ),
    caused: elsewhere.filter((d) => !known.has(identity(d))),
    before: elsewhere.filter((d) => d.severity === "error" && known.has(identity(d))),
    companions: needed.map((c) => ({
      ...c,
      diagnostics: diagnostics.filter((d) => d.file === shown(c.path) && !known.has(identity(d))),
    })),
    changes,
  };
}

/** Each language's translation of the English data file `path`, as it is on disk (parsed), by its path. */
async function translations(dataDir: string, path: string, result: ContentResult): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const locale of translationLocales(result.data.locales)) {
    const companionPath = `${locale}/${path}`;
    const text = await readFile(await resolveInside(dataDir, companionPath), "utf8").catch(() => undefined);
    if (text !== undefined) out.set(companionPath, yamlValue(text));
  }
  return out;
}

/**
 * A translation the edit breaks where it stands (the English gained a token
 * the German lacks): its text offered in the same form as the missing ones,
 * as it is now, for the translator to rewrite. The error stays the
 * companion's, so it blocks the save until the German is right.
 */
function offered(
  needed: Omit<Companion, "diagnostics">[],
  diagnostics: readonly Diagnostic[],
  known: ReadonlySet<string>,
  after: unknown,
  translated: ReadonlyMap<string, unknown>,
) {
  for (const [companionPath, value] of translated) {
    const broken = diagnostics.filter(
      (d) => d.file === `data/${companionPath}` && d.severity === "error" && d.path && !known.has(identity(d)),
    );
    if (broken.length === 0) continue;
    let companion = needed.find((c) => c.path === companionPath);
    if (!companion) {
      companion = { path: companionPath, locale: companionPath.split("/")[0] ?? "", fields: [] };
      needed.push(companion);
    }
    for (const d of broken) {
      if (companion.fields.some((f) => f.path === d.path)) continue;
      const english = valueAt(after, splitPath(d.path));
      const current = valueAt(value, splitPath(d.path));
      if (typeof english !== "string" || typeof current !== "string") continue;
      companion.fields.push({ path: d.path, english, text: current });
    }
  }
}
