/**
 * Phrase markers (`[ganzheitlich]{lang=de}`), in English texts and
 * translations alike: well formed, of a known language, and every word that
 * is always foreign marked in English (WCAG 3.1.2).
 */
import { DATA_FILES, type DataKey } from "../index.ts";
import { FOREIGN_WORDS, LANG_ATTEMPT, PHRASE_MARKER } from "../phrases.ts";
import { type SourceText, translatableTexts } from "../translation-files.ts";
import { translatedTexts } from "./translation-texts.ts";
import { type RuleIssue, rule, type ValidData } from "./types.ts";

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
  for (const match of text.matchAll(LANG_ATTEMPT)) {
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

export const PHRASE_RULES = [phraseMarkersWellFormed, foreignWordsMarked] as const;
