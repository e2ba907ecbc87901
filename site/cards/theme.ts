// Environment: build (Node). The card's look, read from where the site keeps
// it: the colours from the stylesheet's @theme, the mark from the Logo
// component, the fonts from @fontsource packages in node_modules (shipped
// through npm, never fetched).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { LOGO_MARK } from "../components/Logo.tsx";

/** The colours of site/styles/global.css that a card uses. */
const COLOURS = [
  "ink",
  "ink-soft",
  "muted",
  "line",
  "paper",
  "paper-deep",
  "brass",
  "brass-strong",
  "brass-soft",
] as const;
export type Colour = (typeof COLOURS)[number];
export type Palette = Record<Colour, string>;

/** The stylesheet's path from the project's root (the build, the dev server and the tests run there). */
export const STYLESHEET = "site/styles/global.css";

/** `--color-<name>: #rrggbb;` of the @theme block, for each colour a card uses; a missing one is a bug. */
export function paletteOf(css: string): Palette {
  const palette = {} as Palette;
  for (const name of COLOURS) {
    const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
    if (!match?.[1])
      throw new Error(`Bug: ${STYLESHEET} has no --color-${name} as a hex value, which the social cards use`);
    palette[name] = match[1];
  }
  return palette;
}

export interface CardFont {
  name: "serif" | "sans";
  weight: 400 | 600;
  style: "normal";
  /** The .woff file in node_modules (satori reads TTF, OTF and WOFF, not WOFF2). */
  file: string;
}

/**
 * Source Serif 4 for titles and Source Sans 3 for the rest: open-licensed
 * (OFL) cousins of the site's serif headings and sans body. Each weight
 * comes as its Latin and Latin Extended subsets (every language of Europe
 * written in Latin script, the euro sign and typographic quotes).
 */
const FONT_FILES: Omit<CardFont, "file">[] = [
  { name: "serif", weight: 600, style: "normal" },
  { name: "sans", weight: 400, style: "normal" },
  { name: "sans", weight: 600, style: "normal" },
];
const PACKAGES = { serif: "@fontsource/source-serif-4", sans: "@fontsource/source-sans-3" } as const;
const SUBSETS = ["latin", "latin-ext"] as const;

function projectRequire() {
  return createRequire(resolve(process.cwd(), "package.json"));
}

export function cardFonts(): CardFont[] {
  const require = projectRequire();
  return FONT_FILES.flatMap((font) =>
    SUBSETS.map((subset) => {
      const pkg = PACKAGES[font.name];
      const file = require.resolve(`${pkg}/files/${pkg.split("/")[1]}-${subset}-${font.weight}-${font.style}.woff`);
      return { ...font, file };
    }),
  );
}

/** The versions of the rendering libraries: a new version may draw differently. */
export function rendererVersions(): Record<string, string> {
  const require = projectRequire();
  const names = ["satori", "@resvg/resvg-js", ...Object.values(PACKAGES)];
  // sharp exports no package.json; its `versions` name sharp's and libvips' (the PNG encoder's).
  const { versions } = require("sharp") as { versions: Record<string, string> };
  return {
    ...Object.fromEntries(
      names.map((name) => [name, (require(`${name}/package.json`) as { version: string }).version]),
    ),
    ...Object.fromEntries(Object.entries(versions).map(([name, version]) => [`sharp:${name}`, version])),
  };
}

export interface CardTheme {
  palette: Palette;
  logo: typeof LOGO_MARK;
}

let theme: CardTheme | undefined;

export function cardTheme(): CardTheme {
  theme ??= { palette: paletteOf(readFileSync(resolve(process.cwd(), STYLESHEET), "utf8")), logo: LOGO_MARK };
  return theme;
}
