import { plainText } from "./phrases.ts";

/**
 * A short, stable hash of a text (FNV-1a, 64 bits as two 32-bit halves, 16
 * hex digits): what a translation's lock records of the English text it was
 * translated from. Pure and synchronous, the same in every runtime.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/**
 * The hash a lock records of an English text: its words, whitespace and
 * phrase markers aside (a re-wrapped line, a trailing space or marking
 * `[ganzheitlich]{lang=de}` is no change to translate).
 */
export function sourceHash(text: string): string {
  const hashOf = () => textHash(plainText(text).replace(/\s+/g, " ").trim());
  if (text.length > MEMO_MAX_CHARS) return hashOf();
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = hashOf();
    if (hashes.size >= MEMO_SIZE) hashes.clear();
    hashes.set(text, hash);
  }
  return hash;
}

/**
 * The hashes of the texts hashed last: the editor's check of a keystroke asks
 * for the same thousands of English texts again (the translations' locks),
 * and a lookup costs far less than the phrase markers' removal and the hash.
 */
const hashes = new Map<string, string>();
const MEMO_SIZE = 20_000;
/**
 * Only texts up to this long are kept: the data files' texts, titles and
 * descriptions. An article's body is hashed once a run, and keeping 25,000
 * of them per thread of `generate` at 50,000 articles would be 175 MB a thread.
 */
const MEMO_MAX_CHARS = 1_000;
