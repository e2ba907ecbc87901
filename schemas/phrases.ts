/**
 * A phrase in another language inside a text, marked for screen readers and
 * browsers (WCAG 3.1.2): `[ganzheitlich]{lang=de}`, in YAML texts and in
 * Markdown. The site renders it as `<span lang="de">ganzheitlich</span>`
 * (`phraseParts`) and keeps only the words where a text is plain (title,
 * meta description, feed, JSON-LD: `plainText`). Pure: the site imports it.
 */

/** `[phrase]{lang=xx}`: group 1 the phrase, group 2 the language code. */
export const PHRASE_MARKER = /\[([^[\]\n]+)\]\{lang=([a-z]{2})\}/g;

/** Whatever is meant as a marker's `{lang=…}`, well formed or not (the phrase rules say which). */
export const LANG_ATTEMPT = /\{\s*lang\s*=[^}\n]*\}?/g;

/** Words that are always another language's in English texts, and that language. */
export const FOREIGN_WORDS = [{ word: "ganzheitlich", lang: "de" }] as const;

export interface PhrasePart {
  text: string;
  /** The language of a marked phrase; absent for the text around it. */
  lang?: string;
}

/** A text cut into its plain runs and its marked phrases, in order. */
export function phraseParts(text: string): PhrasePart[] {
  const parts: PhrasePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PHRASE_MARKER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[1] as string, lang: match[2] as string });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text as read, markers removed: `Thinking [Ganzheitlich]{lang=de}` → `Thinking Ganzheitlich`. */
export function plainText(text: string): string {
  return text.replace(PHRASE_MARKER, "$1");
}
