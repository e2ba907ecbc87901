// Environment: server (build time). A card's file name and its cache. The name
// carries a hash of everything the card's pixels depend on (its texts, its
// cover's bytes, the renderer's code, the palette and mark, the fonts, the
// renderer's name and its libraries' versions), so a changed title is a new URL, and a card whose
// inputs did not change is copied from the cache instead of drawn again.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import type { CardSpec } from "./card.ts";
import { cardFonts } from "./fonts.ts";
import { cardTheme, rendererVersions } from "./theme.ts";

/** The renderer's own code: a change to any file here draws every card again. */
const RENDERER_DIR = "site/cards";
const PUBLIC_DIR = "site/public";

/** Where cards are written (the site's root in the build) and cached; both from the project's root. */
export const CARD_DIRS = {
  out: process.env.CARDS_OUT_DIR ?? "dist/client",
  cache: process.env.CARDS_CACHE_DIR ?? "node_modules/.cache/cards",
};
/** The cards' folder in the site: `/cards/<name>-<hash>.png`. */
export const CARDS_PATH = "/cards";

let fingerprint: string | undefined;

/** A hash of what every card's pixels depend on besides its own texts: computed once per process. */
export function rendererFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash("sha256");
  const dir = resolve(process.cwd(), RENDERER_DIR);
  for (const file of readdirSync(dir).sort()) {
    if (!/\.tsx?$/.test(file) || file.endsWith(".test.ts")) continue;
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  hash.update(JSON.stringify(cardTheme())).update(JSON.stringify(rendererVersions()));
  for (const font of cardFonts()) hash.update(readFileSync(font.file));
  fingerprint = hash.digest("hex");
  return fingerprint;
}

export interface CardFile {
  /** The card's content hash (64 hex digits): the cache's key. */
  hash: string;
  /** Its path in the site: `/cards/insights-crm-hygiene-3f9a1c2b.png` (the page's own cards differ by 32 bits). */
  path: string;
}

export function cardFile(spec: CardSpec): CardFile {
  const hash = createHash("sha256").update(rendererFingerprint()).update(JSON.stringify(spec));
  if (spec.cover) hash.update(readFileSync(resolve(process.cwd(), PUBLIC_DIR, spec.cover.src.replace(/^\/+/, ""))));
  const digest = hash.digest("hex");
  return { hash: digest, path: `${CARDS_PATH}/${spec.name}-${digest.slice(0, 8)}.png` };
}

export type CardOutcome = "present" | "cached" | "rendered";

/**
 * Makes sure the card is in the output folder: there already (another page
 * with the same card, or a kept build), copied from the cache, or drawn and
 * cached. A text no font can set is a bug in the font choice: it fails here.
 */
export async function ensureCard(
  spec: CardSpec,
  file: CardFile,
  dirs: { out: string; cache: string } = CARD_DIRS,
): Promise<CardOutcome> {
  const target = resolve(process.cwd(), dirs.out, file.path.replace(/^\/+/, ""));
  if (existsSync(target)) return "present";
  const cached = resolve(process.cwd(), dirs.cache, `${file.hash}.png`);
  mkdirSync(dirname(target), { recursive: true });
  // `npm run build -- --force` (engine/pages.mjs) draws every card again.
  if (existsSync(cached) && process.env.CARDS_FORCE !== "1") {
    place(cached, target);
    return "cached";
  }
  const { renderCard } = await import("./render-card.tsx");
  const { png, missingGlyphs } = await renderCard(spec);
  if (missingGlyphs.length > 0)
    throw new Error(
      `The social card ${file.path} has text the card fonts cannot set: ${JSON.stringify(missingGlyphs.join(""))} (site/cards/fonts.ts lists the fonts; npm run validate refuses such text in the data)`,
    );
  mkdirSync(dirname(cached), { recursive: true });
  // Written atomically: another worker never reads half a file (a store, so no fsync: a lost card is drawn again).
  writeFileAtomic.sync(cached, Buffer.from(png), { fsync: false });
  place(cached, target);
  return "rendered";
}

/**
 * The cached card into the output: a hard link (no bytes copied; neither side
 * is ever written in place, files are only replaced), or a copy across file
 * systems. Another thread placing the same card at once is no error.
 */
function place(cached: string, target: string) {
  try {
    linkSync(cached, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    copyFileSync(cached, target);
  }
}
