// The pure parts of the translation machinery: merging, numbers, markers, quoting, hashing.
import { describe, expect, it } from "vitest";
import { textHash } from "../../schemas/hash.ts";
import { HomeSchema } from "../../schemas/home.ts";
import { phraseParts, plainText } from "../../schemas/phrases.ts";
import { markerProblems, unmarkedForeignWords } from "../../schemas/rules/phrase-markers.ts";
import { numbersOf } from "../../schemas/rules/translation-fidelity.ts";
import { sideBySide } from "../../schemas/rules/translation-texts.ts";
import { mergeTranslation, translatableTexts, valueAt } from "../../schemas/translation-files.ts";
import { shipped } from "../support/cli.ts";

describe("mergeTranslation", () => {
  const english = shipped<{ hero: { heading: string; lead: string; primary: { label: string; href: string } } }>(
    "home.yaml",
  );
  it("puts the translated texts in place; values and untranslated texts stay English", () => {
    const merged = mergeTranslation(HomeSchema, english, { hero: { heading: "Wachsen", primary: { href: "/x" } } });
    expect(merged.hero.heading).toBe("Wachsen");
    expect(merged.hero.lead).toBe(english.hero.lead);
    // An href is a value: a translation cannot change it.
    expect(merged.hero.primary.href).toBe(english.hero.primary.href);
  });
  it("lists every English text with its path, and only texts", () => {
    const texts = translatableTexts(HomeSchema, english);
    expect(texts.find((t) => t.path.join(".") === "hero.heading")?.text).toBe(english.hero.heading);
    expect(texts.some((t) => t.path.at(-1) === "href")).toBe(false);
    expect(valueAt(english, ["hero", "primary", "href"])).toBe(english.hero.primary.href);
  });
});

describe("numbersOf", () => {
  it("reads . and , alike as separators, and skips tokens", () => {
    expect(numbersOf("1.1% of 50,000 in {stats.roi}, 3x")).toEqual(["1.1", "50.000", "3"]);
    expect(numbersOf("1,1 % von 50.000")).toEqual(["1.1", "50.000"]);
  });

  it("reads a token's id as no number, and the same id between doubled braces (text on the page) as one", () => {
    expect(numbersOf("{stats.q3} pipeline")).toEqual([]);
    expect(numbersOf("{{stats.q3}} pipeline")).toEqual(["3"]);
  });
});

describe("phrase markers", () => {
  it("cuts a text into runs and marked phrases, and drops the markers in plain text", () => {
    expect(phraseParts("Thinking [Ganzheitlich]{lang=de} today")).toEqual([
      { text: "Thinking " },
      { text: "Ganzheitlich", lang: "de" },
      { text: " today" },
    ]);
    expect(plainText("Thinking [Ganzheitlich]{lang=de}")).toBe("Thinking Ganzheitlich");
  });
  it("refuses a marker without its brackets, and a language that is not the site's", () => {
    expect(markerProblems("grow ganzheitlich{lang=de}", ["en", "de"]).map((p) => p.message)).toEqual([
      "phrase marker {lang=de} is not well formed",
    ]);
    expect(markerProblems("[holistisch]{lang=fr}", ["en", "de"]).map((p) => p.message)).toEqual([
      "unknown language `fr` in the phrase marker [holistisch]{lang=fr}",
    ]);
    expect(markerProblems("[ganzheitlich]{lang=de}", ["en", "de"])).toEqual([]);
  });
  it("finds ganzheitlich unmarked in an English text, any case, and not when marked", () => {
    expect(unmarkedForeignWords("Thinking Ganzheitlich, ganzheitlich.").map((p) => p.index)).toEqual([9, 23]);
    expect(unmarkedForeignWords("Thinking [Ganzheitlich]{lang=de}")).toEqual([]);
  });
});

describe("sideBySide and textHash", () => {
  it("shows where two long texts differ", () => {
    const [was, now] = sideBySide(
      "A long sentence that stays the same for a while and then says one thing",
      "A long sentence that stays the same for a while and then says another thing",
    );
    expect(was.startsWith('"…')).toBe(true);
    expect(was).toContain("one thing");
    expect(now).toContain("another thing");
  });
  it("is stable and short", () => {
    expect(textHash("Build with {firm.name}")).toMatch(/^[0-9a-f]{16}$/);
    expect(textHash("a")).toBe(textHash("a"));
    expect(textHash("a")).not.toBe(textHash("b"));
  });
});
