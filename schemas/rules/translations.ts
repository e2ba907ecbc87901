/**
 * The translation rules (docs/i18n.md): every English text has its
 * counterpart in each other language's file, no German key lacks an English
 * source, the same tokens and numbers on both sides, and links in a
 * translation lead to pages of its language. Issues carry the language
 * (`locale`) so the CLI locates them in data/<code>/<file>; `cite` names the
 * English text, whose file:line:col replaces `{source}` in message and hint.
 */

import { sourceHash } from "../hash.ts";
import { DATA_FILES, type DataKey, ROUTES } from "../index.ts";
import { FOREIGN_WORDS, PHRASE_MARKER } from "../phrases.ts";
import { closest, formatPath, type PathSegment } from "../suggest.ts";
import { findTokens } from "../templates.ts";
import { type SourceText, TRANSLATED_FILES, translatableTexts, valueAt } from "../translations.ts";
import { type RuleIssue, rule, type ValidData } from "./types.ts";

/** A text as quoted in a message: one line, at most 60 characters. */
export function quote(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify([...flat].length > max ? `${[...flat].slice(0, max - 1).join("")}…` : flat);
}

/**
 * Two versions of a text quoted side by side, each cut to the stretch where
 * they differ (with `…` where text is left out), so a long text's change shows.
 */
export function sideBySide(before: string, after: string, max = 60): [string, string] {
  const a = before.replace(/\s+/g, " ").trim();
  const b = after.replace(/\s+/g, " ").trim();
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  const from = start > 20 ? start - 15 : 0;
  const cut = (text: string) => quote(from > 0 ? `…${text.slice(from)}` : text, max);
  return [cut(a), cut(b)];
}

/** Each translated file of each language whose English file is valid, with its English texts. */
function* pairs(data: ValidData) {
  for (const locale of data.translations ?? []) {
    for (const entry of TRANSLATED_FILES) {
      const english = data[entry.key];
      if (english === undefined) continue;
      yield { locale, entry, english, texts: translatableTexts(entry.schema, english) };
    }
  }
}

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
      const at = { key: entry.key, locale: locale.code, path: first.path, severity: "error" as const };
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

/** `\`text\`, \`primary\`, item 3` (at most four, then `…`), each once. */
function listed(segments: readonly (PathSegment | undefined)[]): string {
  const names = [...new Set(segments.map((s) => (typeof s === "number" ? `item ${s + 1}` : `\`${String(s)}\``)))];
  return names.length > 4 ? `${names.slice(0, 4).join(", ")}, …` : names.join(", ");
}

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

/** The numbers of a text (outside tokens), `.` and `,` read alike as separators: 1.1 = 1,1 and 50,000 = 50.000. */
export function numbersOf(text: string): string[] {
  const plain = text.replace(/\{[a-z]+\.[A-Za-z0-9_]+(?::title)?\}/g, " ");
  const found = plain.match(/\d+(?:[.,]\d+)*/g) ?? [];
  return [...new Set(found.map((n) => n.replace(/[.,]/g, ".")))];
}

/** Each English text with its translation, where both are there. */
function* translatedTexts(data: ValidData) {
  for (const { locale, entry, texts } of pairs(data)) {
    const translation = locale.files[entry.key];
    if (translation === undefined) continue;
    for (const source of texts) {
      const translated = valueAt(translation, source.path);
      if (typeof translated === "string") yield { locale, entry, source, translated };
    }
  }
}

export const translationsKeepTokens = rule("translationsKeepTokens", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    const english = new Set(findTokens(source.text).map((t) => t.token));
    const german = new Set(findTokens(translated).map((t) => t.token));
    const at = {
      key: entry.key,
      locale: locale.code,
      path: source.path,
      severity: "error" as const,
      cite: source.path,
    };
    for (const token of english) {
      if (german.has(token)) continue;
      issues.push({
        ...at,
        message: `${token} is missing: the English text has it ({source})`,
        hint: `write ${token} in the translation exactly as in English; generate puts the value in its place`,
      });
    }
    for (const token of german) {
      if (english.has(token)) continue;
      issues.push({
        ...at,
        message: `${token} is not in the English text ({source})`,
        hint: `a translation uses the same tokens as its English text: ${english.size ? [...english].join(", ") : "none"}`,
        needle: token,
      });
    }
  }
  return issues;
});

export const translationsKeepNumbers = rule("translationsKeepNumbers", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    const german = new Set(numbersOf(translated));
    for (const number of numbersOf(source.text)) {
      if (german.has(number)) continue;
      issues.push({
        key: entry.key,
        locale: locale.code,
        path: source.path,
        severity: "error",
        message: `the number ${number} of the English text is not in the translation ({source})`,
        hint: `a claim says the same in every language: write ${number} as a figure (1.5 may be written 1,5)`,
        cite: source.path,
      });
    }
  }
  return issues;
});

/** The Markdown links of a text, `[label](/path)`. */
const MARKDOWN_LINK = /\]\((\/[^)\s]*)\)/g;

export const translationLinksStayInLanguage = rule("translationLinksStayInLanguage", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    for (const match of translated.matchAll(MARKDOWN_LINK)) {
      const href = match[1] as string;
      const prefix = `/${locale.code}`;
      const route = href.startsWith(`${prefix}/`)
        ? href.slice(prefix.length).split("#")[0]
        : href === prefix
          ? "/"
          : "";
      if (route && ((ROUTES as readonly string[]).includes(route) || route.startsWith("/insights"))) continue;
      issues.push({
        key: entry.key,
        locale: locale.code,
        path: source.path,
        severity: "error",
        message: route
          ? `link to "${href}", but the site has no page at ${route} in language ${locale.code}`
          : `link to "${href}", an English page, from a text in language ${locale.code}`,
        hint: route
          ? `link a page of the site in this language, like ${prefix}/about`
          : `link the page in this language: \`${prefix}${href === "/" ? "" : href}\``,
        needle: href,
      });
    }
  }
  return issues;
});

export interface PhraseProblem {
  index: number;
  length: number;
  message: string;
  hint: string;
}

/** Where the phrase markers of a text are, as [start, end) offsets. */
function markerSpans(text: string): [number, number][] {
  return [...text.matchAll(PHRASE_MARKER)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * Problems with the phrase markers of one text: a `{lang=…}` that is not
 * part of a whole `[phrase]{lang=xx}`, and a language that is not one of the site's.
 */
export function markerProblems(text: string, codes: readonly string[]): PhraseProblem[] {
  if (!text.includes("lang")) return [];
  const problems: PhraseProblem[] = [];
  for (const match of text.matchAll(PHRASE_MARKER)) {
    const lang = match[2] as string;
    if (codes.includes(lang)) continue;
    problems.push({
      index: match.index,
      length: match[0].length,
      message: `unknown language \`${lang}\` in the phrase marker ${match[0]}`,
      hint: `the languages are ${codes.map((c) => `\`${c}\``).join(", ")} (data/locales.yaml)`,
    });
  }
  const marked = markerSpans(text);
  for (const match of text.matchAll(/\{\s*lang\s*=[^}\n]*\}?/g)) {
    if (marked.some(([start, end]) => match.index >= start && match.index < end)) continue;
    problems.push({
      index: match.index,
      length: match[0].length,
      message: `phrase marker ${match[0]} is not well formed`,
      hint: "write the phrase in brackets and the language right after it, like `[ganzheitlich]{lang=de}`",
    });
  }
  return problems;
}

/** "German" for `de`: a language's English name, for messages. */
const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** A word of FOREIGN_WORDS written in an English text without its marker. */
export function unmarkedForeignWords(text: string): PhraseProblem[] {
  const problems: PhraseProblem[] = [];
  const marked = markerSpans(text);
  for (const { word, lang } of FOREIGN_WORDS) {
    for (const match of text.matchAll(new RegExp(`\\b${word}\\b`, "gi"))) {
      if (marked.some(([start, end]) => match.index >= start && match.index < end)) continue;
      problems.push({
        index: match.index,
        length: match[0].length,
        message: `"${match[0]}" is ${LANGUAGE_NAMES.of(lang) ?? lang} in an English text, without its language marked`,
        hint: `write \`[${match[0]}]{lang=${lang}}\`, so that screen readers say it in its language (WCAG 3.1.2)`,
      });
    }
  }
  return problems;
}

/** The site's language codes; the default while data/locales.yaml has errors. */
export function localeCodes(data: ValidData): string[] {
  return data.locales?.locales.map((l) => l.code) ?? ["en", "de"];
}

/** Issues of `check` over every English text and every translated text. */
function phraseIssues(data: ValidData, check: (text: string) => PhraseProblem[], translations: boolean): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const report = (key: DataKey, locale: string | undefined, source: SourceText) => {
    for (const problem of check(source.text)) {
      issues.push({
        key,
        ...(locale ? { locale } : {}),
        path: source.path,
        severity: "error",
        message: problem.message,
        hint: problem.hint,
        needle: source.text.slice(problem.index, problem.index + problem.length),
      });
    }
  };
  for (const { key, schema } of DATA_FILES) {
    const value = data[key];
    if (value === undefined) continue;
    for (const source of translatableTexts(schema, value)) report(key, undefined, source);
  }
  if (!translations) return issues;
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    report(entry.key, locale.code, { path: source.path, text: translated });
  }
  return issues;
}

export const phraseMarkersWellFormed = rule("phraseMarkersWellFormed", [], (data) => {
  const codes = localeCodes(data);
  return phraseIssues(data, (text) => markerProblems(text, codes), true);
});

/**
 * A word that is always German ("ganzheitlich") is marked in every English
 * text, so that screen readers say it in its language (WCAG 3.1.2). German
 * texts are German already: they need no marker.
 */
export const foreignWordsMarked = rule("foreignWordsMarked", [], (data) =>
  phraseIssues(data, unmarkedForeignWords, false),
);

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

export const TRANSLATION_RULES = [
  translationsComplete,
  translationsHaveSources,
  translationsKeepTokens,
  translationsKeepNumbers,
  translationLinksStayInLanguage,
  phraseMarkersWellFormed,
  foreignWordsMarked,
  translationsCurrent,
] as const;
