// Environment: build (Node). A card's PNG: the layout to SVG with satori (text
// set with the shipped fonts, as outlines), the SVG to PNG with resvg. No browser.
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
import sharp from "sharp";
import { CardImage } from "./CardImage.tsx";
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "./card.ts";
import { type CardTheme, cardFonts, cardTheme } from "./theme.ts";

/** Where a cover image's path (`/images/insights/x.png`) points. */
export const PUBLIC_DIR = "site/public";

let fonts: Font[] | undefined;

function loadFonts(): Font[] {
  fonts ??= cardFonts().map(({ name, weight, style, file }) => ({ name, weight, style, data: readFileSync(file) }));
  return fonts;
}

export interface RenderedCard {
  png: Buffer;
  /** Text no shipped font has a glyph for (drawn as nothing): empty for a good card. */
  missingGlyphs: string[];
}

export interface RenderOptions {
  theme?: CardTheme;
  /** Draw the title in the background's colour: a test measures the title by the difference. */
  hideTitle?: boolean;
}

/** The card as SVG (satori): text set with the shipped fonts, as outlines. */
export async function cardSvg(
  spec: CardSpec,
  options: RenderOptions = {},
): Promise<{ svg: string; missingGlyphs: string[] }> {
  const theme = options.theme ?? cardTheme();
  const missingGlyphs: string[] = [];
  const svg = await satori(
    <CardImage spec={spec} theme={theme} cover={coverDataUrl(spec)} hideTitle={options.hideTitle} />,
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts: loadFonts(),
      // Called for text that no font above can set: recorded, and nothing drawn for it.
      loadAdditionalAsset: async (_language, segment) => {
        missingGlyphs.push(segment);
        return [];
      },
    },
  );
  return { svg, missingGlyphs };
}

// The build runs one thread per core: libvips must not start threads of its own,
// and a card is encoded once, so its operation cache only holds memory.
sharp.concurrency(1);
sharp.cache(false);

/**
 * An SVG to PNG, at the card's size: drawn by resvg (no system fonts: the text
 * is outlines already), encoded by sharp (libvips) as 8-bit RGB (a card is
 * opaque), zlib level 4, no adaptive row filters. Against resvg's own
 * encoder (RGBA, adaptive filters), `npm run bench:cards` on an idle machine
 * went from 29.5 to 24.4 ms a card (median) and from 45.7 to 37.1 KiB (zlib
 * 6). Zlib 4 against 6, two runs each, idle: 19.2 and 19.2 ms against 20.5
 * and 21.1 ms a card, 39.8 KiB against 37.1: a card is fetched once per
 * share by a scraper, and drawn for every article of a cold build. (The
 * encoder alone, on a loaded machine: zlib 6 7.4 ms, with adaptive filters
 * 20.5 ms; a 64-colour palette 21.3 ms for half the bytes.)
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render();
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
}

export async function renderCard(spec: CardSpec, options: RenderOptions = {}): Promise<RenderedCard> {
  const { svg, missingGlyphs } = await cardSvg(spec, options);
  return { png: await svgToPng(svg), missingGlyphs };
}

function coverDataUrl(spec: CardSpec): string | null {
  if (!spec.cover) return null;
  const type = extname(spec.cover.src).toLowerCase() === ".png" ? "image/png" : "image/jpeg";
  const bytes = readFileSync(resolve(process.cwd(), PUBLIC_DIR, spec.cover.src.replace(/^\/+/, "")));
  return `data:${type};base64,${bytes.toString("base64")}`;
}
