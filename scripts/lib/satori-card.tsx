// Environment: `npm run bench:cards` only. The card renderer the build used
// before Takumi (site/cards/render-card.tsx), kept to be measured against it
// in the same run: the layout to SVG with satori (text set with the shipped
// Latin fonts, as outlines), the SVG to pixels with resvg, the PNG by sharp.
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
import sharp from "sharp";
import { CardImage } from "../../site/cards/CardImage.tsx";
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "../../site/cards/card.ts";
import { cardFonts } from "../../site/cards/fonts.ts";
import { PUBLIC_DIR, type RenderedCard, type RenderOptions } from "../../site/cards/render-card.tsx";
import { cardTheme } from "../../site/cards/theme.ts";

let fonts: Font[] | undefined;

function loadFonts(): Font[] {
  // The fonts the build drew with then: Source Serif 4 and Source Sans 3, Latin and Latin Extended.
  fonts ??= cardFonts()
    .filter(({ name, file }) => (name === "serif" || name === "sans") && /-latin(-ext)?-\d+-normal\.woff$/.test(file))
    .map(({ name, weight, style, file }) => ({
      name: name as "serif" | "sans",
      weight,
      style,
      data: readFileSync(file),
    }));
  return fonts;
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

export async function renderSatoriCard(spec: CardSpec, options: RenderOptions = {}): Promise<RenderedCard> {
  const { svg, missingGlyphs } = await cardSvg(spec, options);
  return { png: await svgToPng(svg), missingGlyphs };
}

function coverDataUrl(spec: CardSpec): string | null {
  if (!spec.cover) return null;
  const type = extname(spec.cover.src).toLowerCase() === ".png" ? "image/png" : "image/jpeg";
  const bytes = readFileSync(resolve(process.cwd(), PUBLIC_DIR, spec.cover.src.replace(/^\/+/, "")));
  return `data:${type};base64,${bytes.toString("base64")}`;
}
