// The social cards (site/cards/): drawn from data with the real renderer
// (satori, resvg) and the shipped fonts, then measured as pixels.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { COVER_WIDTH, SAFE_MARGIN } from "../../site/cards/CardImage.tsx";
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "../../site/cards/card.ts";
import { cardSpecOf, withoutFirmName } from "../../site/cards/card-spec.ts";
import { cardFile, ensureCard } from "../../site/cards/card-store.ts";
import { unsetCharacters } from "../../site/cards/fonts.ts";
import { renderCard } from "../../site/cards/render-card.tsx";
import { paletteOf, rendererVersions } from "../../site/cards/theme.ts";
import { firm } from "../../site/generated/site.ts";
import { articleIndex } from "../../site/lib/article-index.ts";
import { articleParts } from "../../site/pages/insights-article/parts.ts";

/** The published English articles (site/generated/articles.json). */
const articles = articleIndex("en");

const GOLDEN = "tests/fixtures/cards/article.png";
/** Share of pixels that may differ from the golden card: anti-aliasing, not a layout change. */
const GOLDEN_TOLERANCE = 0.002;

const article: CardSpec = {
  name: "insights-golden",
  title: "Discovery calls that qualify: a structure, the questions and what to write down",
  description: null,
  eyebrow: "Insights",
  firm: "Nordstern",
  host: "nordstern.example",
  byline: { name: "Daniel O'Connell", role: "Managing Partner", initials: "DO" },
  facts: "3 November 2026 · 5 min read",
  cover: null,
};
// The schema's maximum: 90 characters.
const longest = "Pipeline reviews that change the forecast: what to ask, who attends and what gets written.";
const accented =
  "Größere Pipeline für „Scale-ups“: weiß’ man, was 1.000 € Akquise in Österreich & Île-de-France bringt?";

// Text `validate` accepts: the card fonts' fallbacks set it (site/cards/fonts.ts).
const mixedScripts = "Dubai دبي 🚀: Pipeline-Reviews in Москва und Αθήνα, 👍🏽 🇩🇪";

const decode = (png: Buffer) => PNG.sync.read(png);

// A cover image of the card's proportions, in the site's images folder while the tests run.
const COVER = `/images/insights/test-cover-${process.pid}.png`;
const coverFile = join("site/public", COVER);
beforeAll(() => {
  const image = new PNG({ width: 1600, height: 840 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([40, 90 + ((i / 4) % 1600) / 16, 140, 255], i);
  mkdirSync(dirname(coverFile), { recursive: true });
  writeFileSync(coverFile, PNG.sync.write(image));
});
afterAll(() => rmSync(coverFile, { force: true }));

/** Rows and columns where `a` and `b` differ: the box of what one draws and the other does not. */
function differenceBox(a: PNG, b: PNG) {
  let top = Number.POSITIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  let bottom = -1;
  let right = -1;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      if (a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2]) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  return { top, left, bottom, right };
}

/** Whether any pixel of rows top..bottom, left of `width`, differs from the card's background (the top-left pixel). */
function rowsHaveInk(image: PNG, top: number, bottom: number, width = image.width): boolean {
  const [r, g, b] = image.data;
  for (let y = top; y <= bottom; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i] !== r || image.data[i + 1] !== g || image.data[i + 2] !== b) return true;
    }
  return false;
}

describe("card rendering", () => {
  test("the long title is the schema's longest", () => expect([...longest].length).toBe(90));

  test("a card is a 1200×630 PNG that matches the golden card", async () => {
    const { png, missingGlyphs } = await renderCard(article);
    expect(missingGlyphs).toEqual([]);
    const image = decode(png);
    expect([image.width, image.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(GOLDEN)) {
      writeFileSync(GOLDEN, png);
      if (process.env.UPDATE_GOLDEN !== "1") throw new Error(`${GOLDEN} was missing: written, check it and run again`);
    }
    const golden = decode(readFileSync(GOLDEN));
    const different = pixelmatch(image.data, golden.data, null, CARD_WIDTH, CARD_HEIGHT, { threshold: 0.1 });
    expect(different / (CARD_WIDTH * CARD_HEIGHT), `${different} pixels differ from ${GOLDEN}`).toBeLessThan(
      GOLDEN_TOLERANCE,
    );
  });

  for (const [name, title] of [
    ["a 90-character title", longest],
    ["a title full of accents, ß, quotes and €", accented],
    ["a title in Arabic, Cyrillic and Greek with emoji (the fallback fonts)", mixedScripts],
  ] as const) {
    test(`${name} is drawn whole inside the safe area, clear of the masthead and the byline`, async () => {
      const spec = { ...article, title };
      const shown = await renderCard(spec);
      const hidden = await renderCard(spec, { hideTitle: true });
      expect(shown.missingGlyphs).toEqual([]);
      const withTitle = decode(shown.png);
      const withoutTitle = decode(hidden.png);
      const box = differenceBox(withTitle, withoutTitle);
      expect(box.bottom, "the title was drawn").toBeGreaterThan(box.top);
      expect(box.left).toBeGreaterThanOrEqual(SAFE_MARGIN);
      expect(box.right).toBeLessThanOrEqual(CARD_WIDTH - SAFE_MARGIN);
      expect(box.top).toBeGreaterThanOrEqual(SAFE_MARGIN);
      expect(box.bottom).toBeLessThanOrEqual(CARD_HEIGHT - SAFE_MARGIN);
      // Nothing else is drawn on the title's rows (with 8 px to spare): it overlaps neither the masthead nor the byline.
      expect(rowsHaveInk(withoutTitle, box.top - 8, box.bottom + 8)).toBe(false);
    });
  }

  test("beside a cover image, the 90-character title stays in the text column's safe area", async () => {
    const spec = { ...article, title: longest, cover: { src: COVER, alt: "A gradient" } };
    const shown = decode((await renderCard(spec)).png);
    const hidden = decode((await renderCard(spec, { hideTitle: true })).png);
    const box = differenceBox(shown, hidden);
    const column = CARD_WIDTH - COVER_WIDTH;
    expect(box.left).toBeGreaterThanOrEqual(SAFE_MARGIN);
    expect(box.right).toBeLessThanOrEqual(column - SAFE_MARGIN);
    expect(box.bottom).toBeLessThanOrEqual(CARD_HEIGHT - SAFE_MARGIN);
    expect(rowsHaveInk(hidden, box.top - 8, box.bottom + 8, column)).toBe(false);
    // The cover fills the right side: its pixels are the image's, not the background.
    const i = (300 * CARD_WIDTH + CARD_WIDTH - 100) * 4;
    expect([shown.data[i], shown.data[i + 2]]).not.toEqual([hidden.data[0], hidden.data[2]]);
  });

  test("text no shipped font can set is reported, not drawn as boxes", async () => {
    const { missingGlyphs } = await renderCard({ ...article, title: "Pipeline 管道" });
    expect(missingGlyphs.join("")).toContain("管道");
  });

  test.each([
    ["Latin, accents and typography", accented, []],
    ["Arabic, Cyrillic, Greek, emoji with a skin tone, a flag", mixedScripts, []],
    ["joiners, variation selectors and direction marks", "a\u200db ❤\ufe0f \u200fx", []],
    ["Chinese", "Pipeline 管道", ["管", "道"]],
    ["Hebrew and Devanagari", "שלום नम", [..."שלוםनम"]],
  ])("the characters the card fonts cannot set: %s", (_name, text, unset) => {
    expect(unsetCharacters(text)).toEqual(unset);
  });
});

describe("card cache", () => {
  const dir = mkdtempSync(join(tmpdir(), "cards-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("drawn once, then copied from the cache, then left where it is", async () => {
    const file = cardFile(article);
    expect(file.path).toMatch(/^\/cards\/insights-golden-[0-9a-f]{8}\.png$/);
    const cache = join(dir, "cache");
    expect(await ensureCard(article, file, { out: join(dir, "a"), cache })).toBe("rendered");
    expect(await ensureCard(article, file, { out: join(dir, "b"), cache })).toBe("cached");
    expect(await ensureCard(article, file, { out: join(dir, "b"), cache })).toBe("present");
    const built = decode(readFileSync(join(dir, "b", file.path)));
    expect([built.width, built.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  test("the key names the renderer and its version (a new renderer draws every card again)", () => {
    const takumi = JSON.parse(readFileSync("node_modules/@takumi-rs/core/package.json", "utf8")) as { version: string };
    expect(rendererVersions()).toMatchObject({ renderer: "takumi", "@takumi-rs/core": takumi.version });
  });

  test("a changed text is a new file name; the same texts give the same one", () => {
    expect(cardFile(article).path).toBe(cardFile({ ...article }).path);
    expect(cardFile({ ...article, title: `${article.title}!` }).path).not.toBe(cardFile(article).path);
  });
});

describe("card texts and look", () => {
  test("an article's card says what its page says, in the page's language", async () => {
    const [first] = articles;
    if (!first) throw new Error("no published article in data/insights");
    const parts = await articleParts("en", first.slug);
    if (!parts) throw new Error(`no parts for ${first.slug}`);
    const meta = {
      title: first.title,
      description: first.description,
      path: `/insights/${first.slug}`,
      index: true,
      type: "article" as const,
    };
    const english = cardSpecOf({ meta, articleParts: parts });
    expect(english).toMatchObject({ title: first.title, eyebrow: parts.eyebrow, byline: { name: parts.author.name } });
    expect(english.facts).toContain(`${first.readingMinutes} ${parts.labels.minRead}`);
    // The same page with German texts (as data/de gives them): the card follows, nothing of it is fixed in English.
    const german = { ...parts, eyebrow: "Einblicke", labels: { ...parts.labels, minRead: "Min. Lesezeit" } };
    const de = cardSpecOf({
      meta: { ...meta, title: "Größere Pipeline für „Scale-ups“" },
      articleParts: { ...german, article: { ...parts.article, title: "Größere Pipeline für „Scale-ups“" } },
    });
    expect(de).toMatchObject({ title: "Größere Pipeline für „Scale-ups“", eyebrow: "Einblicke" });
    expect(de.facts).toMatch(/Min\. Lesezeit$/);
    expect(cardFile(de).path).not.toBe(cardFile(english).path);
  });

  test("a page's title loses the firm's name the card already shows", () => {
    expect(withoutFirmName(`The Firm | ${firm.name}`)).toBe("The Firm");
    expect(withoutFirmName(`${firm.name} | Senior partners`)).toBe("Senior partners");
    expect(withoutFirmName("Discovery calls")).toBe("Discovery calls");
  });

  test("the palette is read from the stylesheet's @theme, and a missing colour is named", () => {
    const css = readFileSync("site/styles/global.css", "utf8");
    expect(paletteOf(css).ink).toMatch(/^#[0-9a-f]{6}$/i);
    expect(() => paletteOf(css.replace(/--color-brass:[^;]*;/, ""))).toThrow("--color-brass");
  });
});
