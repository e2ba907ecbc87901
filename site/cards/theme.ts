// Environment: build (Node). The card's look, read from where the site keeps
// it: the colours from the stylesheet's @theme, the mark from the Logo
// component (the fonts: fonts.ts).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { LOGO_MARK } from "../components/Logo.tsx";
import { FONT_PACKAGES } from "./fonts.ts";

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

/** The renderer, by name, and its libraries with the fonts' packages: a new version may draw differently. */
export function rendererVersions(): Record<string, string> {
  // Takumi's packages export no package.json: read from the project's node_modules.
  const versionOf = (name: string) =>
    (
      JSON.parse(readFileSync(resolve(process.cwd(), "node_modules", name, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  const names = ["@takumi-rs/core", "@takumi-rs/helpers", ...FONT_PACKAGES];
  return { renderer: "takumi", ...Object.fromEntries(names.map((name) => [name, versionOf(name)])) };
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
