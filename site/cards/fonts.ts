// Environment: Node (the build and `validate`; no React here). The fonts a
// social card is set in, from @fontsource packages in node_modules (shipped
// through npm, never fetched), and which characters they can set: the build
// refuses a card with text no font has, and `validate` refuses that text
// first, at its line and column (cli/lib/card-text.ts), from this same list.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { create, type Font } from "fontkit";

export interface CardFont {
  /** The family a card's style names; the fallbacks are named for their script. */
  name: "serif" | "sans" | "arabic" | "emoji";
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
 * Urdu) and Noto Emoji (monochrome: a card is drawn in the site's ink).
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
  {
    name: "emoji",
    pkg: "@fontsource/noto-emoji",
    weights: [400],
    subsets: ["emoji", ...Array.from({ length: 11 }, (_, i) => String(i))],
  },
];

/** The families after the card's own (serif, sans), in the order they are tried for a missing character. */
export const FALLBACK_FAMILIES = ["arabic", "emoji"] as const;

/** The font packages, for the card store's key (a new version may draw differently). */
export const FONT_PACKAGES = FAMILIES.map((family) => family.pkg);

export function projectRequire() {
  return createRequire(resolve(process.cwd(), "package.json"));
}

export function cardFonts(): CardFont[] {
  const require = projectRequire();
  return FAMILIES.flatMap(({ name, pkg, weights, subsets }) =>
    weights.flatMap((weight) =>
      subsets.map((subset) => ({
        name,
        weight,
        style: "normal" as const,
        file: require.resolve(`${pkg}/files/${pkg.split("/")[1]}-${subset}-${weight}-normal.woff`),
      })),
    ),
  );
}

/** A font file with the code points it has a glyph for. */
export interface LoadedFont extends CardFont {
  data: Buffer;
  codePoints: number[];
}

let loaded: LoadedFont[] | undefined;

/** Every card font read once per process, with its character set (from its cmap). */
export function loadedFonts(): LoadedFont[] {
  loaded ??= cardFonts().map((font) => {
    const data = readFileSync(font.file);
    return { ...font, data, codePoints: (create(data) as Font).characterSet };
  });
  return loaded;
}

let covered: Set<number> | undefined;

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
  covered ??= new Set(loadedFonts().flatMap((font) => font.codePoints));
  const unset = new Set<string>();
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (covered.has(point) || invisible(char, point)) continue;
    unset.add(char);
  }
  return [...unset];
}

/** A sorted list of code points as inclusive ranges: a font's `unicode-range` for the renderer. */
export function rangesOf(codePoints: number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const point of [...codePoints].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}
