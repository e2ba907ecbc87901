/**
 * What the translation rules share: each translated file with its English
 * texts, each English text with its translation, and how a text is quoted in
 * a message (one line, cut where it differs).
 */
import type { PathSegment } from "../suggest.ts";
import { TRANSLATED_FILES, translatableTexts, valueAt } from "../translation-files.ts";
import type { ValidData } from "./types.ts";

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
export function* pairs(data: ValidData) {
  for (const locale of data.translations ?? []) {
    for (const entry of TRANSLATED_FILES) {
      const english = data[entry.key];
      if (english === undefined) continue;
      yield { locale, entry, english, texts: translatableTexts(entry.schema, english) };
    }
  }
}

/** Each English text with its translation, where both are there. */
export function* translatedTexts(data: ValidData) {
  for (const { locale, entry, texts } of pairs(data)) {
    const translation = locale.files[entry.key];
    if (translation === undefined) continue;
    for (const source of texts) {
      const translated = valueAt(translation, source.path);
      if (typeof translated === "string") yield { locale, entry, source, translated };
    }
  }
}

/** `\`text\`, \`primary\`, item 3` (at most four, then `…`), each once. */
export function listed(segments: readonly (PathSegment | undefined)[]): string {
  const names = [...new Set(segments.map((s) => (typeof s === "number" ? `item ${s + 1}` : `\`${String(s)}\``)))];
  return names.length > 4 ? `${names.slice(0, 4).join(", ")}, …` : names.join(", ");
}
