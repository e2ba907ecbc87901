// The string types of schemas/text.ts: every field of every data file has a
// kind, the hygiene and bounds they apply, and the helpers that tell which
// fields a translation holds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { charName, firstCharProblem } from "../../schemas/characters.ts";
import { ConsultantsSchema, DATA_FILES } from "../../schemas/index.ts";
import { ArticleFrontMatterSchema } from "../../schemas/insights.ts";
import {
  line,
  PLACES,
  prose,
  textFields,
  textMeta,
  textMetaAt,
  translatablePaths,
  translationSchema,
} from "../../schemas/text.ts";
import { DATA } from "../support/cli.ts";

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

/** Every leaf of a schema that reads a string, found without the text registry. */
function stringLeaves(schema: z.ZodType, path = ""): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (["optional", "nullable", "default"].includes(def.type)) return stringLeaves(def.innerType as z.ZodType, path);
  if (def.type === "object") {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
      stringLeaves(child, path ? `${path}.${key}` : key),
    );
  }
  if (def.type === "array") return stringLeaves(def.element as z.ZodType, `${path}[]`);
  if (def.type === "record") {
    return [
      ...stringLeaves(def.keyType as z.ZodType, `${path}.<key>`),
      ...stringLeaves(def.valueType as z.ZodType, `${path}.*`),
    ];
  }
  return ["string", "enum", "literal"].includes(def.type) ? [path] : [];
}

describe("every string field has a kind", () => {
  const schemas: Array<[string, z.ZodType]> = [
    ...DATA_FILES.map((entry): [string, z.ZodType] => [entry.file, entry.schema]),
    ["insights/<slug>.md front matter", ArticleFrontMatterSchema],
  ];

  it.each(schemas)("%s", (_file, schema) => {
    const withKind = new Set(textFields(schema).map((field) => field.pattern));
    const leaves = stringLeaves(schema).filter((leaf) => !leaf.endsWith(".<key>"));
    expect(leaves.filter((leaf) => !withKind.has(leaf))).toEqual([]);
    for (const field of textFields(schema)) {
      const { meta } = field;
      // Display text is bounded; identifiers have their own format.
      if (["line", "prose", "name", "figure"].includes(meta.kind)) expect(meta.max, field.pattern).toBeGreaterThan(0);
      // Display text is translated; a figure only where it may hold words ("90 days"): stats.yaml's values.
      const wordsFigure = meta.kind === "figure" && field.pattern === "stats.*.value";
      expect(meta.translatable, field.pattern).toBe(meta.kind === "line" || meta.kind === "prose" || wordsFigure);
    }
  });

  it("the shipped data fits every bound with room for a longer language (a third more)", () => {
    for (const entry of DATA_FILES) {
      const data = parse(readFileSync(join(DATA, entry.file), "utf8"));
      const visit = (value: unknown, path: Array<string | number>) => {
        if (typeof value === "string") {
          const meta = textMetaAt(entry.schema, path);
          if (meta?.max && meta.translatable) {
            expect([...value].length * 1.3, `${entry.file} ${path.join(".")}`).toBeLessThanOrEqual(meta.max);
          }
        } else if (Array.isArray(value)) {
          value.forEach((item, i) => {
            visit(item, [...path, i]);
          });
        } else if (value && typeof value === "object") {
          for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
        }
      };
      visit(data, []);
    }
  });
});

describe("asking a schema", () => {
  it("lists the translatable fields: display text, not names, figures or values", () => {
    expect(translatablePaths(ConsultantsSchema)).toEqual([
      "consultants[].role",
      "consultants[].specialization",
      "consultants[].focus",
      "consultants[].background",
      "consultants[].expertise[]",
      "consultants[].achievements[]",
    ]);
    const kinds = Object.fromEntries(textFields(ConsultantsSchema).map((f) => [f.pattern, f.meta.kind]));
    expect(kinds).toMatchObject({
      "consultants[].slug": "slug",
      "consultants[].name": "name",
      "consultants[].arrRange": "figure",
      "consultants[].industries[]": "option",
      "consultants[].background": "prose",
    });
  });

  it("finds the kind at a data path, through lists and records", () => {
    expect(textMetaAt(ConsultantsSchema, ["consultants", 2, "focus"])).toMatchObject({
      kind: "line",
      place: "cardLine",
      max: PLACES.cardLine.max,
      translatable: true,
    });
    const stats = DATA_FILES.find((entry) => entry.key === "stats")?.schema as z.ZodType;
    expect(textMetaAt(stats, ["stats", "pipeline", "label"])).toMatchObject({ kind: "line", place: "caption" });
    // A figure with words is translated ("90 days" is "90 Tage"); an ARR range or a status code is not.
    expect(textMetaAt(stats, ["stats", "roi", "value"])).toMatchObject({ kind: "figure", translatable: true });
    expect(textMetaAt(ConsultantsSchema, ["consultants", 0, "arrRange"])).toMatchObject({
      kind: "figure",
      translatable: false,
    });
    expect(textMetaAt(ConsultantsSchema, ["consultants", 0, "nope"])).toBeUndefined();
  });

  it("keeps the kind through optional and describe", () => {
    expect(textMeta(line("heading").describe("x").optional())).toMatchObject({ kind: "line", place: "heading" });
  });

  it("builds the schema of a translation: only translatable keys, same lists, same string types", () => {
    const translation = translationSchema(ConsultantsSchema) as z.ZodType;
    const one = {
      role: "Geschäftsführende Partnerin",
      specialization: "Outbound-Aufbau",
      focus: "Outbound von null zur planbaren Pipeline",
      background: "Früher Vertriebsleiterin.",
      expertise: ["a", "b", "c"],
      achievements: ["a", "b", "c"],
    };
    expect(translation.safeParse({ consultants: [one] }).success).toBe(true);
    // A name or a slug is not translated: a translation may not hold it.
    expect(messages(translation, { consultants: [{ ...one, slug: "x" }] })).toEqual(['Unrecognized key: "slug"']);
    // The list keeps its length rule, the text its bound and hygiene.
    expect(messages(translation, { consultants: [{ ...one, expertise: ["a", "b"] }] })).toEqual([
      "must have exactly 3 areas of expertise",
    ]);
    expect(messages(translation, { consultants: [{ ...one, focus: "x".repeat(91) }] })).toEqual([
      "too long by 1 character (91, at most 90)",
    ]);
    expect(messages(translation, { consultants: [{ ...one, role: "Partner\u000bin" }] })).toEqual([
      "U+000B VERTICAL TAB at character 8: delete it or replace it with a space",
    ]);
  });

  it("keeps an optional text optional in the translation (a phase without a claim)", () => {
    const approach = DATA_FILES.find((entry) => entry.key === "approach")?.schema as z.ZodType;
    const translation = translationSchema(approach) as z.ZodType;
    const claim = textMetaAt(approach, ["phases", 0, "claim"]);
    expect(claim).toMatchObject({ kind: "line", translatable: true });
    const issues = translation.safeParse({}).error?.issues ?? [];
    // Every phase must be there, but a phase's missing claim is no issue of the translation's schema.
    expect(issues.map((issue) => issue.path.join("."))).not.toContain("phases.0.claim");
    const phases = (translation as unknown as { shape: Record<string, z.ZodType> }).shape.phases as z.ZodType;
    const phase = {
      title: "Strategisches Fundament",
      summary: "Kurz.",
      items: ["a", "b", "c", "d"],
      outcome: { text: "Ergebnis.", testimonial: { quote: "Zitat.", role: "CEO" } },
    };
    expect(phases.safeParse([phase, phase, phase, phase, phase]).success).toBe(true);
    expect(
      phases.safeParse([{ ...phase, claim: "Zugang zu 50.000+ Entscheidern." }, phase, phase, phase, phase]).success,
    ).toBe(true);
  });
});

describe("hygiene", () => {
  const label = line("label");
  const paragraph = prose();

  it.each([
    [
      "a vertical tab",
      label,
      "Growth\u000bPartners",
      "U+000B VERTICAL TAB at character 7: delete it or replace it with a space",
    ],
    [
      "a form feed",
      paragraph,
      "One.\u000cTwo.",
      "U+000C FORM FEED at character 5: delete it or replace it with a space",
    ],
    [
      "ESC, twice",
      paragraph,
      "a\u001b]0;x\u0007b\u001b",
      "U+001B ESCAPE at character 2: delete it (2 more like it in this text)",
    ],
    ["NUL at the end", label, "Pipewell\u0000", "U+0000 NULL at character 9: delete it"],
    [
      "a C1 control (the one-byte CSI)",
      label,
      "a\u009b31m",
      "U+009B CONTROL SEQUENCE INTRODUCER at character 2: delete it",
    ],
    ["NEXT LINE", paragraph, "a\u0085b", "U+0085 NEXT LINE at character 2: delete it or replace it with a space"],
    [
      "a lone carriage return",
      paragraph,
      "a\rb",
      "U+000D CARRIAGE RETURN at character 2: delete it or replace it with a space",
    ],
    [
      "a line feed in one line",
      label,
      "Nordstern\n::error::x",
      "U+000A LINE FEED at character 10: this text is one line: remove the line break",
    ],
    [
      "a line separator in one line",
      label,
      "a\u2028b",
      "U+2028 LINE SEPARATOR at character 2: this text is one line: remove the line break",
    ],
    ["a tab in one line", label, "a\tb", "U+0009 TAB at character 2: replace it with a space"],
    ["a right-to-left override", paragraph, "abc\u202Edef", "U+202E RIGHT-TO-LEFT OVERRIDE at character 4: delete it"],
    ["an isolate", label, "\u2067x", "U+2067 RIGHT-TO-LEFT ISOLATE at character 1: delete it"],
    [
      "U+FFFD from a bad decoding",
      label,
      "Caf\uFFFD",
      "U+FFFD REPLACEMENT CHARACTER at character 4: retype the character that was here",
    ],
    ["a lone surrogate", label, "a\uD800b", "U+D800 LONE SURROGATE at character 2: delete it"],
    ["a noncharacter", label, "a\uFFFEb", "U+FFFE NONCHARACTER at character 2: delete it"],
    ["a byte-order mark inside", label, "a\uFEFFb", "U+FEFF BYTE ORDER MARK at character 2: delete it"],
    ["the position counts characters, not UTF-16 units", label, "😀😀\u0007", "U+0007 BELL at character 3: delete it"],
  ])("refuses %s", (_name, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });

  it.each([
    ["line feeds and tabs in prose", paragraph, "One.\n\tTwo."],
    ["U+2028 in prose", paragraph, "One.\u2028Two."],
    ["direction marks in right-to-left text", label, "\u200Fمرحبا\u200E"],
    ["emoji, combining marks, Arabic, quotes", label, '👩🏽‍💻 e\u0301 «مرحبا» "&<]]>'],
  ])("accepts %s", (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it("reads CRLF as LF, in prose", () => {
    expect(paragraph.parse("One.\r\nTwo.")).toBe("One.\nTwo.");
  });

  it("allows bidi controls only in a field that says so", () => {
    expect(line("label", { bidi: true }).safeParse("abc\u202Edef").success).toBe(true);
    expect(textMeta(line("label", { bidi: true }))?.bidi).toBe(true);
  });

  it("refuses an empty text, and a hygiene error stops the format checks", () => {
    expect(messages(label, "  ")).toEqual(["must not be empty"]);
    const slug = textFields(ConsultantsSchema).find((f) => f.pattern === "consultants[].slug");
    expect(slug?.meta.kind).toBe("slug");
    const consultant = { consultants: [{ slug: "jane\u001b-doe" }] };
    const issues = ConsultantsSchema.safeParse(consultant).error?.issues.filter((i) => i.path.at(-1) === "slug");
    expect(issues?.map((i) => i.message)).toEqual(["U+001B ESCAPE at character 5: delete it"]);
  });

  it("names every refused C0 and C1 control", () => {
    for (let c = 0; c < 0xa0; c++) {
      if (c >= 0x20 && c < 0x7f) continue;
      const problem = firstCharProblem(String.fromCharCode(c), { lines: "one" });
      expect(problem?.label).toBe(`U+${c.toString(16).toUpperCase().padStart(4, "0")} ${charName(c)}`);
      expect(charName(c)).toMatch(/^[A-Z -]+$/);
    }
  });
});

describe("bounds", () => {
  it("say by how many characters a text is over, counting characters as a reader does", () => {
    const heading = line("heading");
    expect(messages(heading, "x".repeat(PLACES.heading.max))).toEqual([]);
    expect(messages(heading, "x".repeat(PLACES.heading.max + 12))).toEqual([
      `too long by 12 characters (${PLACES.heading.max + 12}, at most ${PLACES.heading.max})`,
    ]);
    // An emoji is one character (two UTF-16 units).
    expect(messages(heading, "😀".repeat(PLACES.heading.max))).toEqual([]);
  });

  it("bound a 200,000-character name, role and focus", () => {
    const huge = "x".repeat(200_000);
    for (const field of ["name", "role", "focus"]) {
      const meta = textMetaAt(ConsultantsSchema, ["consultants", 0, field]);
      expect(meta?.max, field).toBeLessThanOrEqual(100);
      const consultants = { consultants: [{ [field]: huge }] };
      const issue = ConsultantsSchema.safeParse(consultants).error?.issues.find((i) => i.path.at(-1) === field);
      expect(issue?.message).toBe(
        `too long by ${200_000 - (meta?.max ?? 0)} characters (200000, at most ${meta?.max})`,
      );
    }
  });
});
