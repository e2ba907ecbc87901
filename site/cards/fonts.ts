// Environment: Node (the build and `validate`; no React here). The fonts a
// social card is set in, from @fontsource packages in node_modules (shipped
// through npm, never fetched), and which characters they can set: the build
// refuses a card with text no font has, and `validate` refuses that text
// first, at its line and column (content/card-text.ts), from this same list.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { threadId } from "node:worker_threads";
import type { Font } from "fontkit";

export interface CardFont {
  /** The family a card's style names; the fallbacks are named for their script. */
  name: "serif" | "sans" | "arabic" | "symbols" | "emoji";
  weight: 400 | 600;
  style: "normal";
  /** The .woff file in node_modules. */
  file: string;
}

/**
 * Source Serif 4 for titles and Source Sans 3 for the rest: open-licensed
 * (OFL) cousins of the site's serif headings and sans body, in every subset
 * they come in (Latin and Latin Extended, Cyrillic, Greek, Vietnamese). Text
 * in a script they lack falls back to Noto Sans Arabic (Arabic, Persian,
 * Urdu), Noto Sans Math (arrows, check marks, math signs) and Noto Emoji
 * (monochrome: a card is drawn in the site's ink).
 * Other scripts (Hebrew, Devanagari, CJK, ...) are refused by `validate`.
 */
const FAMILIES: { name: CardFont["name"]; pkg: string; weights: CardFont["weight"][]; subsets: string[] }[] = [
  {
    name: "serif",
    pkg: "@fontsource/source-serif-4",
    weights: [600],
    subsets: ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "vietnamese"],
  },
  {
    name: "sans",
    pkg: "@fontsource/source-sans-3",
    weights: [400, 600],
    subsets: ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"],
  },
  { name: "arabic", pkg: "@fontsource/noto-sans-arabic", weights: [400, 600], subsets: ["arabic"] },
  // Its one "latin" file is the whole font (3,000 characters: arrows, math signs, check marks).
  { name: "symbols", pkg: "@fontsource/noto-sans-math", weights: [400], subsets: ["latin"] },
  {
    name: "emoji",
    pkg: "@fontsource/noto-emoji",
    weights: [400],
    subsets: ["emoji", ...Array.from({ length: 11 }, (_, i) => String(i))],
  },
];

/** The font packages, for the card store's key (a new version may draw differently). */
export const FONT_PACKAGES = FAMILIES.map((family) => family.pkg);

/**
 * Resolves from this module, not from the working directory: `validate` runs
 * on a data folder anywhere (`--data`), from a bundle in node_modules/.cache.
 */
const require = createRequire(import.meta.url);

let fontList: CardFont[] | undefined;

export function cardFonts(): CardFont[] {
  fontList ??= FAMILIES.flatMap(({ name, pkg, weights, subsets }) => {
    const files = join(dirname(require.resolve(`${pkg}/package.json`)), "files");
    return weights.flatMap((weight) =>
      subsets.map((subset) => ({
        name,
        weight,
        style: "normal" as const,
        file: join(files, `${pkg.split("/")[1]}-${subset}-${weight}-normal.woff`),
      })),
    );
  });
  return fontList;
}

/** A font file's bytes, with the characters it has a glyph for (inclusive ranges of code points). */
export interface LoadedFont extends CardFont {
  data: Buffer;
  ranges: [number, number][];
}

let loaded: LoadedFont[] | undefined;

/** Every card font, read once per process (the renderer registers them), with its character set. */
export function loadedFonts(): LoadedFont[] {
  const ranges = fontRanges();
  loaded ??= cardFonts().map((font, index) => ({
    ...font,
    data: readFileSync(font.file),
    ranges: ranges[index] ?? [],
  }));
  return loaded;
}

let rangesPerFont: [number, number][][] | undefined;

/**
 * Each font's character set, from its cmap (fontkit), kept in the card store
 * under a hash of the font files' names, sizes and packages' versions:
 * loading fontkit and reading the cmaps takes about half a second, reading
 * the kept ranges a few milliseconds (`validate` and every render thread ask).
 */
function fontRanges(): [number, number][][] {
  if (rangesPerFont) return rangesPerFont;
  const fonts = cardFonts();
  const hash = createHash("sha256");
  for (const pkg of FONT_PACKAGES)
    hash.update(pkg).update((require(`${pkg}/package.json`) as { version: string }).version);
  for (const font of fonts) hash.update(basename(font.file)).update(String(statSync(font.file).size));
  // Beside the font packages: node_modules/.cache/cards, as the card store.
  const packages = join(dirname(require.resolve(`${FONT_PACKAGES[0]}/package.json`)), "../..");
  const dir = resolve(process.env.CARDS_CACHE_DIR ?? join(packages, ".cache/cards"));
  const stored = join(dir, `coverage-${hash.digest("hex").slice(0, 16)}.json`);
  // Another process may clear the cache between a look and a read: then the ranges are computed here.
  if (existsSync(stored)) {
    try {
      rangesPerFont = JSON.parse(readFileSync(stored, "utf8")) as [number, number][][];
      return rangesPerFont;
    } catch {
      // gone or half-cleared: computed below
    }
  }
  const { create } = require("fontkit") as typeof import("fontkit");
  rangesPerFont = fonts.map((font) => rangesOf((create(readFileSync(font.file)) as Font).characterSet));
  // Under a temporary name, then renamed: another process never reads half a file. Not stored: computed next time.
  const temporary = `${stored}.${process.pid}.${threadId}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, JSON.stringify(rangesPerFont));
    renameSync(temporary, stored);
  } catch {
    // a cache that cannot be written costs the next run time, nothing else
  }
  return rangesPerFont;
}

let covered: [number, number][] | undefined;

function isCovered(point: number): boolean {
  covered ??= mergeRanges(fontRanges().flat());
  let low = 0;
  let high = covered.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = covered[middle] as [number, number];
    if (point < from) high = middle - 1;
    else if (point > to) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Characters that draw nothing and need no glyph: white space, zero-width
 * spaces and joiners, direction marks, variation selectors, emoji tags.
 */
const INVISIBLE: [number, number][] = [
  [0x200b, 0x200f],
  [0x061c, 0x061c],
  [0x2060, 0x2060],
  [0xfe00, 0xfe0f],
  [0xe0020, 0xe007f],
  [0xe0100, 0xe01ef],
];
const invisible = (char: string, point: number) =>
  /^\s$/u.test(char) || INVISIBLE.some(([from, to]) => point >= from && point <= to);

/** The characters of `text` that no card font can set, each once, in the order they appear. */
export function unsetCharacters(text: string): string[] {
  // Printable ASCII is in every Latin subset: no font is read for it.
  if (/^[\x20-\x7e]*$/.test(text)) return [];
  const unset = new Set<string>();
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (invisible(char, point) || isCovered(point)) continue;
    unset.add(char);
  }
  return [...unset];
}

/** A sorted list of code points as inclusive ranges: a font's `unicode-range` for the renderer. */
export function rangesOf(codePoints: number[]): [number, number][] {
  return mergeRanges(codePoints.map((point) => [point, point]));
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
