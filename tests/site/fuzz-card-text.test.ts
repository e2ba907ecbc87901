// Fuzzes the texts a social card shows with the kinds of text a content owner
// pastes (issue 30, item 4): letters of many scripts, emoji, symbols,
// combining marks. The property: what `validate` accepts, the build's card
// step draws (ensureCard, the real renderer, throws on text no card font can
// set); what it cannot draw, `validate` refuses at the text's line, with the
// reason, exit 1. Never a clean validate and then a failed build.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { CardSpec } from "../../site/cards/card.ts";
import { cardFile, ensureCard } from "../../site/cards/card-store.ts";
import { ARTICLE_FILES, fcOptions, ORIGINALS, projectWithArticles } from "../content/fuzz.ts";
import { runMain } from "../support/cli.ts";

/** One sample of each kind of text, and whether the card fonts set it (site/cards/fonts.ts). */
const KINDS: Record<string, { text: string; drawn: boolean }> = {
  latin: { text: "Größe, Île-de-France, Łódź, Ærø", drawn: true },
  cyrillic: { text: "Москва", drawn: true },
  greek: { text: "Αθήνα", drawn: true },
  vietnamese: { text: "Hà Nội", drawn: true },
  arabic: { text: "دبي", drawn: true },
  persian: { text: "پیشرفت", drawn: true },
  emoji: { text: "🚀", drawn: true },
  "emoji sequences": { text: "👩🏽‍💻 🇩🇪 ❤️", drawn: true },
  "arrows and signs": { text: "5 → 25, ≤ 30 ✓ № ™", drawn: true },
  "mathematical letters": { text: "𝔸𝕓", drawn: true },
  "combining marks": { text: "Cafe\u0301 n\u0303", drawn: true },
  hebrew: { text: "שלום", drawn: false },
  devanagari: { text: "नमस्ते", drawn: false },
  chinese: { text: "管道", drawn: false },
  japanese: { text: "パイプライン", drawn: false },
  korean: { text: "파이프라인", drawn: false },
  thai: { text: "ไปป์ไลน์", drawn: false },
  armenian: { text: "Երևան", drawn: false },
  georgian: { text: "თბილისი", drawn: false },
};

/** Where a card text is written: an article's title, a consultant's role (the byline). */
const FIELDS = [
  { file: ARTICLE_FILES[0] ?? "", line: /^title: .*$/m, write: (text: string) => `title: ${JSON.stringify(text)}` },
  {
    file: "consultants.yaml",
    line: /^ {4}role: .*$/m,
    write: (text: string) => `    role: ${JSON.stringify(text)}`,
  },
];

const spec = (title: string): CardSpec => ({
  name: "fuzz",
  title,
  description: null,
  eyebrow: "Insights",
  firm: "Nordstern",
  host: "nordstern.example",
  byline: { name: "Katharina Lindqvist", role: title, initials: "KL" },
  facts: "3 November 2026 · 5 min read",
  cover: null,
});

describe("card texts of every kind: validate refuses what the cards cannot draw, the cards draw the rest", () => {
  const project = projectWithArticles();
  const cards = mkdtempSync(join(tmpdir(), "fuzz-cards-"));
  afterAll(() => {
    project.cleanup();
    rmSync(cards, { recursive: true, force: true });
  });

  it("in-process: validate's verdict and the card step agree", async () => {
    const kinds = Object.keys(KINDS);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 3 }),
        async (field, picked) => {
          const text = `Pipeline ${picked.map((kind) => KINDS[kind]?.text).join(" ")}`;
          const drawable = picked.every((kind) => KINDS[kind]?.drawn);
          const path = join(project.data, field.file.endsWith(".md") ? join("insights", field.file) : field.file);
          const original = ORIGINALS.get(field.file) ?? "";
          const edited = original.replace(field.line, field.write(text));
          expect(edited).not.toBe(original);
          writeFileSync(path, edited);
          try {
            const run = await runMain(["validate", "--data", project.data, "--format", "json"]);
            const errors = (JSON.parse(run.stdout) as { file: string; line: number; message: string }[]).filter(
              (d) => d.file === path && d.message.includes("the social card cannot set"),
            );
            const line = edited.slice(0, edited.search(field.line)).split("\n").length;
            let drawn: unknown;
            try {
              drawn = await ensureCard(spec(text), cardFile(spec(text)), { out: join(cards, "out"), cache: cards });
            } catch (error) {
              drawn = error;
            }
            if (drawable) {
              // Accepted, and the build's card step draws it.
              expect(errors, text).toEqual([]);
              expect(run.code, run.stdout).toBe(0);
              expect(drawn, `${text}: validate accepted it, the card step refused it`).not.toBeInstanceOf(Error);
            } else {
              // Refused at the text's line, once, exit 1; the card step would refuse it too.
              expect(
                errors.map((d) => d.line),
                text,
              ).toEqual([line]);
              expect(run.code).toBe(1);
              expect(drawn, `${text}: validate refused it, the card step drew it`).toBeInstanceOf(Error);
            }
          } finally {
            writeFileSync(path, original);
          }
        },
      ),
      fcOptions(40, 180_000),
    );
  }, 300_000);
});
