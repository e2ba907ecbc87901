/**
 * Translations current: each records, in its lock file, the English text it
 * was made from (`npm run translations -- accept`); a text whose English
 * changed since, or that was never accepted, is stale.
 */
import { sourceHash } from "../hash.ts";
import { formatPath, type PathSegment } from "../suggest.ts";
import { sideBySide, translatedTexts } from "./translation-texts.ts";
import { type RuleIssue, rule } from "./types.ts";

/** The command that marks a translation current, for a hint: `npm run translations -- accept de home.hero.heading`. */
export function acceptCommand(code: string, target: string): string {
  return `npm run translations -- accept ${code} ${target}`;
}

/** `home.hero.heading`: a text's name for accept (the data file's name, then its path). */
export function textName(file: string, path: readonly PathSegment[]): string {
  const base = file.replace(/\.yaml$/, "");
  const rest = formatPath(path);
  return rest.startsWith("[") ? `${base}${rest}` : `${base}.${rest}`;
}

/**
 * A translation records what it was translated from (its lock, written by
 * accept). When the English text changed since, or the translation was never
 * accepted, it is a warning at the translation (`validate --strict`: an error).
 */
export const translationsCurrent = rule("translationsCurrent", [], (data) => {
  const issues: RuleIssue[] = [];
  /** Texts whose lock file could not be read, by language and file: one summary each, not one per text. */
  const unchecked = new Map<string, { issue: RuleIssue; count: number }>();
  for (const { locale, entry, source } of translatedTexts(data)) {
    const unread = locale.unreadLocks?.[entry.key];
    if (unread) {
      const id = `${locale.code}\0${entry.key}`;
      const seen = unchecked.get(id) ?? {
        issue: {
          key: entry.key,
          locale: locale.code,
          path: [],
          severity: "warning" as const,
          stale: true,
          message: "",
          hint: unreadLockHint(unread),
        },
        count: 0,
      };
      seen.count++;
      seen.issue.message = unreadLockMessage(unread, seen.count);
      unchecked.set(id, seen);
      continue;
    }
    const locked = locale.locks?.[entry.key]?.[formatPath(source.path)];
    const name = textName(entry.file, source.path);
    const at = { key: entry.key, locale: locale.code, path: source.path, severity: "warning" as const, stale: true };
    if (!locked) {
      issues.push({
        ...at,
        message: `no record of the English text this translates ({source})`,
        hint: `once the translation is reviewed: ${acceptCommand(locale.code, name)}`,
        cite: source.path,
      });
    } else if (locked.hash !== sourceHash(source.text)) {
      issues.push({
        ...at,
        message: `the English text changed since this was translated ({source})`,
        hint: `English was ${sideBySide(locked.en, source.text).join(", now ")}; update the translation, then: ${acceptCommand(locale.code, name)}`,
        cite: source.path,
      });
    }
  }
  for (const { issue } of unchecked.values()) issues.push(issue);
  return issues;
});

export function unreadLockHint(lockFile: string): string {
  return `fix the error of ${lockFile} reported at its line (or restore it: git checkout -- ${lockFile}), then validate again`;
}

/** "data/de/legal.lock.yaml could not be read: 48 texts not checked for staleness" (data files and articles alike). */
export function unreadLockMessage(lockFile: string, texts: number): string {
  return `${lockFile} could not be read: ${texts} text${texts === 1 ? "" : "s"} not checked for staleness`;
}

export const STALENESS_RULES = [translationsCurrent] as const;
