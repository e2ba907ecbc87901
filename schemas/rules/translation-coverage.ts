/**
 * Translations complete and nothing more (docs/i18n.md): every English text
 * has its counterpart in each other language's file, and no key of a
 * translation lacks an English source. Issues carry the language (`locale`)
 * so the CLI locates them in data/<code>/<file>; `cite` names the English
 * text, whose file:line:col replaces `{source}` in message and hint.
 */
import { closest, formatPath, type PathSegment } from "../suggest.ts";
import { valueAt } from "../translation-files.ts";
import { listed, pairs, quote } from "./translation-texts.ts";
import { type RuleIssue, rule } from "./types.ts";

/** The place a missing text belongs: under which key, after which one (for the hint). */
function placeOf(path: readonly PathSegment[], translation: unknown): string {
  let depth = 0;
  while (depth < path.length && valueAt(translation, path.slice(0, depth + 1)) !== undefined) depth++;
  const missing = path[depth];
  const parent = path.slice(0, depth);
  const what = typeof missing === "number" ? `item ${missing + 1}` : `\`${String(missing)}:\``;
  return parent.length ? `${what} under \`${formatPath(parent)}\`` : `${what} at the top`;
}

export const translationsComplete = rule("translationsComplete", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, texts } of pairs(data)) {
    const target = `data/${locale.code}/${entry.file}`;
    if (locale.absent.includes(entry.key)) {
      issues.push({
        key: entry.key,
        locale: locale.code,
        path: [],
        severity: "error",
        missing: true,
        message: `${target} is missing: data/${entry.file} has ${texts.length} text${texts.length === 1 ? "" : "s"} to translate`,
        hint: `create ${target} with the same keys as data/${entry.file}, holding only its texts (docs/i18n.md)`,
      });
      continue;
    }
    const translation = locale.files[entry.key];
    if (translation === undefined) continue; // the file has errors of its own
    // The missing texts by the deepest mapping or list of the translation they belong in:
    // a key line moved or deleted loses a whole section, which is one mistake, one diagnostic.
    const groups = new Map<string, { parent: PathSegment[]; missing: { path: PathSegment[]; text: string }[] }>();
    for (const { path, text } of texts) {
      if (typeof valueAt(translation, path) === "string") continue;
      let depth = 0;
      while (depth < path.length - 1 && valueAt(translation, path.slice(0, depth + 1)) !== undefined) depth++;
      const parent = path.slice(0, depth);
      const id = formatPath(parent);
      const group = groups.get(id) ?? { parent, missing: [] };
      group.missing.push({ path, text });
      groups.set(id, group);
    }
    for (const { parent, missing } of groups.values()) {
      const [first] = missing;
      if (!first) continue;
      const at = { key: entry.key, locale: locale.code, path: first.path, severity: "error" as const, missing: true };
      if (missing.length === 1) {
        issues.push({
          ...at,
          message: `missing translation of ${quote(first.text)} ({source})`,
          hint: `add ${placeOf(first.path, translation)} in ${target}: the ${locale.code} text of \`${formatPath(first.path)}\``,
          cite: first.path,
          at: "parent",
        });
        continue;
      }
      const names = listed(missing.map((m) => m.path[parent.length]));
      const under = parent.length ? `under \`${formatPath(parent)}\`` : "at the top";
      issues.push({
        ...at,
        message: `missing translations of ${missing.length} texts ${under} (${names}), the first ${quote(first.text)} ({source})`,
        hint: `add ${names} ${under} in ${target}, with their ${locale.code} texts; is a key line here moved or deleted?`,
        cite: first.path,
        at: "parent",
      });
    }
  }
  return issues;
});

export const translationsHaveSources = rule("translationsHaveSources", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, english, texts } of pairs(data)) {
    const translation = locale.files[entry.key];
    if (translation === undefined) continue;
    // Every path that leads to an English text: what a translation may hold.
    const allowed = new Set<string>();
    for (const { path } of texts) {
      for (let depth = 1; depth <= path.length; depth++) allowed.add(formatPath(path.slice(0, depth)));
    }
    const walk = (node: unknown, path: PathSegment[]) => {
      const children: [PathSegment, unknown][] = Array.isArray(node)
        ? node.map((child, index) => [index, child])
        : node !== null && typeof node === "object"
          ? Object.entries(node)
          : [];
      const orphans: PathSegment[][] = [];
      for (const [segment, child] of children) {
        const at = [...path, segment];
        if (allowed.has(formatPath(at))) walk(child, at);
        else orphans.push(at);
      }
      const [first] = orphans;
      if (!first) return;
      const base = { key: entry.key, locale: locale.code, path: first, severity: "error" as const, at: "key" as const };
      if (orphans.length === 1) {
        issues.push({ ...base, ...orphan(first, english, allowed, entry.file) });
        return;
      }
      // Several under one key: a key line above them moved, deleted or mistyped; one diagnostic.
      const where = path.length ? `\`${formatPath(path)}\`` : "the top";
      issues.push({
        ...base,
        message: `${orphans.length} keys under ${where} have no English source in data/${entry.file}: ${listed(orphans.map((o) => o.at(-1)))}`,
        hint: `a translation mirrors data/${entry.file} key by key: is a key line above them moved, deleted or mistyped?`,
      });
    };
    walk(translation, []);
  }
  return issues;
});

/** What to say about a translated key with no English text behind it. */
function orphan(
  path: PathSegment[],
  english: unknown,
  allowed: ReadonlySet<string>,
  file: string,
): { message: string; hint: string } {
  const last = path.at(-1) as PathSegment;
  const parent = path.slice(0, -1);
  const where = parent.length ? `\`${formatPath(parent)}\`` : "the top";
  const source = valueAt(english, parent);
  if (typeof last === "number") {
    const count = Array.isArray(source) ? source.length : 0;
    return {
      message: `item ${last + 1} of ${where} has no English source: the English list has ${count} item${count === 1 ? "" : "s"}`,
      hint: `lists mirror data/${file} by position: delete this item, or add it to the English list first`,
    };
  }
  const here = valueAt(english, path);
  if (here !== undefined) {
    return {
      message: `\`${formatPath(path)}\` is not translated: it holds no text of data/${file}`,
      hint: "a translation holds only texts (no figures, slugs, options, hrefs or e-mails); delete it: the page uses the English value",
    };
  }
  const siblings =
    source !== null && typeof source === "object"
      ? Object.keys(source).filter((key) => allowed.has(formatPath([...parent, key])))
      : [];
  const near = closest(String(last), siblings);
  return {
    message: `\`${String(last)}\` under ${where} has no English source in data/${file}`,
    hint: near
      ? `did you mean \`${near}\`?`
      : siblings.length
        ? `the texts here are ${siblings.map((k) => `\`${k}\``).join(", ")}`
        : `data/${file} has no text here; delete it`,
  };
}

export const COVERAGE_RULES = [translationsComplete, translationsHaveSources] as const;
