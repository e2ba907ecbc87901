// Environment: build (Node). A card's PNG, drawn by Takumi (a Rust renderer
// that takes the same element tree as satori): the layout, the text set with
// the shipped fonts, the pixels and the PNG in one native call. No browser.
// Against satori + resvg + sharp, `npm run bench:cards` measures both in one run.
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { Renderer } from "@takumi-rs/core";
import { fromJsx } from "@takumi-rs/helpers/jsx";
import { CardImage } from "./CardImage.tsx";
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "./card.ts";
import { loadedFonts, unsetCharacters } from "./fonts.ts";
import { type CardTheme, cardTheme } from "./theme.ts";

/** Where a cover image's path (`/images/insights/x.png`) points. */
export const PUBLIC_DIR = "site/public";

let ready: Promise<Renderer> | undefined;

/** One renderer per process (per render thread), its fonts registered once, each file for the characters it has. */
function renderer(): Promise<Renderer> {
  ready ??= (async () => {
    const instance = new Renderer();
    for (const font of loadedFonts())
      await instance.registerFont({
        name: font.name,
        weight: font.weight,
        style: font.style,
        data: font.data,
        unicodeRange: font.ranges,
      });
    return instance;
  })();
  return ready;
}

export interface RenderedCard {
  png: Buffer;
  /** Text no shipped font has a glyph for: empty for a good card. */
  missingGlyphs: string[];
}

export interface RenderOptions {
  theme?: CardTheme;
  /** Draw the title in the background's colour: a test measures the title by the difference. */
  hideTitle?: boolean;
}

/** Every text a card shows. */
export function cardTexts(spec: CardSpec): string[] {
  return [
    spec.title,
    spec.description,
    spec.eyebrow,
    spec.firm,
    spec.host,
    spec.facts,
    ...Object.values(spec.byline ?? {}),
  ].filter((text): text is string => text !== null);
}

/** The card as a PNG (8-bit RGBA), and the characters of its texts that no card font has. */
export async function renderCard(spec: CardSpec, options: RenderOptions = {}): Promise<RenderedCard> {
  const theme = options.theme ?? cardTheme();
  const cover = coverImage(spec);
  const { node, css } = await fromJsx(
    <CardImage spec={spec} theme={theme} cover={cover?.src ?? null} hideTitle={options.hideTitle} />,
    // The card's styles are all inline, written for satori: no browser defaults added.
    { defaultStyles: false },
  );
  const png = await (await renderer()).render(node, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    format: "png",
    css,
    images: cover ? [cover] : [],
  });
  return { png, missingGlyphs: unsetCharacters(cardTexts(spec).join("\n")) };
}

function coverImage(spec: CardSpec): { src: string; data: Uint8Array } | null {
  if (!spec.cover) return null;
  const bytes = readFileSync(resolve(process.cwd(), PUBLIC_DIR, spec.cover.src.replace(/^\/+/, "")));
  // The path as its name; the extension says the format, as a server's content type would.
  return { src: `cover${extname(spec.cover.src).toLowerCase()}`, data: bytes };
}
