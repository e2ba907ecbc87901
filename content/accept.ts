// "Mark as current": a translation's texts or articles accepted as translating
// the English they now stand beside, recorded in the language's lock files
// (data/<code>/*.lock.yaml). The CLI's `translations accept` and the editor's
// button run this, in their own process.
import { sourceHash } from "../schemas/hash.ts";
import { closest, formatPath } from "../schemas/suggest.ts";
import { type Lock, lockFileName, TRANSLATED_FILES, translatableTexts } from "../schemas/translation-files.ts";
import { validateContent } from "./content.ts";
import { UsageError } from "./diagnostic.ts";
import { displayPath } from "./load.ts";
import { translationPath } from "./load-translations.ts";
import { articleLockEntries, writeLock } from "./translation-locks.ts";

/**
 * Accepts `targets` (texts like home.hero.heading, files like home or
 * data/de/home.yaml, articles like insights/crm-hygiene; "all": every one) of
 * the language `code` in the data folder `dir`; says what it wrote, line by
 * line. Answers how many texts and articles it accepted. A target that names
 * nothing is a UsageError, with the nearest name.
 */
export async function acceptTranslations(
  dir: string,
  code: string,
  targets: readonly string[] | "all",
  say: (line: string) => void,
): Promise<number> {
  if (targets !== "all" && targets.length === 0)
    throw new UsageError("name what to accept (like home.hero.heading), or --all");
  const result = await validateContent(dir);
  const locale = result.translations.find((l) => l.code === code);
  if (!locale) {
    const codes = result.translations.map((l) => l.code);
    throw new UsageError(
      `no language \`${code}\` to accept: the translated languages are ${codes.join(", ") || "none"}`,
    );
  }
  const wanted = targets === "all" ? undefined : targets.map((t) => parseTarget(t, code));
  let accepted = 0;
  for (const entry of TRANSLATED_FILES) {
    const base = entry.file.replace(/\.yaml$/, "");
    // An article's target (`insights/crm-hygiene`) names the article, not the data file insights.yaml.
    const picks = wanted?.filter((w) => w.file === base && w.article === undefined);
    if (wanted && !picks?.length) continue;
    const english = result.data[entry.key];
    const german = locale.files[entry.key];
    if (english === undefined || german === undefined) {
      throw new UsageError(
        `${displayPath(translationPath(dir, code, entry.file))} ${locale.absent.includes(entry.key) ? "does not exist" : `or data/${entry.file} has errors: run npm run validate`}`,
      );
    }
    const lock: Lock = { ...(locale.locks?.[entry.key] ?? {}) };
    const texts = translatableTexts(entry.schema, english);
    const present = texts.filter(({ path }) => typeof valueIn(german, path) === "string");
    const whole = !picks || picks.some((p) => p.path === "");
    let count = 0;
    for (const pick of whole ? [{ path: "" }] : (picks ?? [])) {
      const matching = present.filter(({ path }) => within(formatPath(path), pick.path));
      if (matching.length === 0) {
        const near = closest(
          pick.path,
          present.map(({ path }) => formatPath(path)),
        );
        throw new UsageError(
          `no translated text at ${base}.${pick.path}${near ? `: did you mean ${base}.${near}?` : ""}`,
        );
      }
      for (const { path, text } of matching) {
        lock[formatPath(path)] = { hash: sourceHash(text), en: text };
        count++;
      }
    }
    // Entries of texts that are gone from the English file go with a whole file's accept.
    const known = new Set(texts.map(({ path }) => formatPath(path)));
    const ordered: Lock = {};
    for (const { path } of texts) {
      const key = formatPath(path);
      if (lock[key]) ordered[key] = lock[key];
    }
    if (!whole) for (const [key, value] of Object.entries(lock)) if (!known.has(key)) ordered[key] = value;
    const lockPath = translationPath(dir, code, lockFileName(entry.file));
    await writeLock(lockPath, `data/${code}/${entry.file}`, ordered);
    say(`accepted ${count} text${count === 1 ? "" : "s"}: ${displayPath(lockPath)}`);
    accepted += count;
  }
  const articleSlugs =
    targets === "all"
      ? undefined
      : (wanted ?? []).filter((w) => w.file === "insights" && w.article).map((w) => w.article as string);
  if (targets === "all" || articleSlugs?.length) {
    const written = await articleLockEntries(dir, result, code, articleSlugs);
    say(`accepted ${written.count} article${written.count === 1 ? "" : "s"}: ${displayPath(written.path)}`);
    accepted += written.count;
  }
  return accepted;
}

/** `home.hero.heading`, `home`, `home.yaml`, `data/de/home.yaml`, `insights/crm-hygiene`. */
function parseTarget(target: string, code: string): { file: string; path: string; article?: string } {
  let t = target.replace(/\\/g, "/");
  const article = /^(?:data\/)?insights\/(?:[a-z]{2}\/)?([a-z0-9-]+)(?:\.md)?$/.exec(t)?.[1];
  if (article) return { file: "insights", path: "", article };
  t = t.replace(new RegExp(`^(?:data/)?(?:${code}/)?`), "").replace(/\.yaml$/, "");
  const cut = t.search(/[.[]/);
  const file = cut === -1 ? t : t.slice(0, cut);
  const path = cut === -1 ? "" : t.slice(t[cut] === "." ? cut + 1 : cut);
  const files = TRANSLATED_FILES.map((e) => e.file.replace(/\.yaml$/, ""));
  if (!files.includes(file)) {
    const near = closest(file, files);
    throw new UsageError(
      `no translated file \`${file}\`${near ? `: did you mean \`${near}\`?` : `; the files are ${files.join(", ")}`}`,
    );
  }
  return { file, path };
}

/** Whether the text at `path` is `prefix` or inside it. */
function within(path: string, prefix: string): boolean {
  return prefix === "" || path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

function valueIn(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, segment) => (node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined),
    value,
  );
}
