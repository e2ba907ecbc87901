import { describe, expect, it } from "vitest";
import { fieldErrors, inquirySchema } from "../../inquiries/schema.ts";
import { FULL_FIELDS, INQUIRY_LIMITS, makeInquirySchema, QUICK_FIELDS } from "../../schemas/inquiry.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { defaultLocale, locales } from "../../site/generated/locales.ts";
import {
  type Body,
  expected,
  fullInquiry,
  labels,
  MULTI_LINE_HOSTILE,
  quickInquiry,
  SINGLE_LINE_HOSTILE,
} from "../server/fixtures.ts";

const { short, long } = INQUIRY_LIMITS;

function errorsOf(input: unknown): Record<string, string> {
  const parsed = inquirySchema.safeParse(input);
  if (parsed.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return fieldErrors(parsed.error);
}

function without(body: Body, field: string): Body {
  const { [field]: _dropped, ...rest } = body;
  return rest;
}

describe("the shared inquiry schema accepts", () => {
  it.each<[string, Body, Body]>([
    ["a full inquiry, as sent", fullInquiry(), fullInquiry()],
    ["a quick message, as sent", quickInquiry(), quickInquiry()],
    ...locales.map(({ code }): [string, Body, Body] => [
      `a full inquiry written in ${code}`,
      fullInquiry({ language: code }),
      fullInquiry({ language: code }),
    ]),
    [
      "an inquiry without a language (an older page, an API client) as written in the default language",
      without(quickInquiry(), "language"),
      quickInquiry({ language: defaultLocale }),
    ],
    ["a full inquiry without a timeline", without(fullInquiry(), "timeline"), without(fullInquiry(), "timeline")],
    [
      "an empty timeline (the select left on its placeholder) as absent",
      fullInquiry({ timeline: "" }),
      without(fullInquiry(), "timeline"),
    ],
    ["a null timeline as absent", fullInquiry({ timeline: null }), without(fullInquiry(), "timeline")],
    [
      "text with surrounding spaces, trimmed",
      fullInquiry({ name: "  Ada Lovelace \n", email: " ada@analytical.example ", company: "\tAE Ltd " }),
      fullInquiry({ name: "Ada Lovelace", email: "ada@analytical.example", company: "AE Ltd" }),
    ],
    [
      `a name of exactly ${short} characters`,
      fullInquiry({ name: "n".repeat(short) }),
      fullInquiry({ name: "n".repeat(short) }),
    ],
    [
      `${short} characters plus surrounding spaces (the limit counts the trimmed text)`,
      fullInquiry({ company: ` ${"c".repeat(short)} ` }),
      fullInquiry({ company: "c".repeat(short) }),
    ],
    [
      `a message of exactly ${long} characters`,
      quickInquiry({ message: "m".repeat(long) }),
      quickInquiry({ message: "m".repeat(long) }),
    ],
    ["the last option of every select", lastOptions(), lastOptions()],
  ])("%s", (_name, input, output) => {
    const parsed = inquirySchema.safeParse(input);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(output);
  });
});

function lastOptions(): Body {
  return fullInquiry({
    role: role.at(-1)?.value,
    arr: arr.at(-1)?.value,
    industry: industry.at(-1)?.value,
    timeline: timeline.at(-1)?.value,
  });
}

describe("the shared inquiry schema rejects, with the visitor's message per field", () => {
  const full = labels.full;
  const quick = labels.quick;
  const requiredFull: [string, Body, Record<string, string>][] = FULL_FIELDS.filter((f) => f !== "timeline").map(
    (field) => [
      `full: ${field} missing`,
      without(fullInquiry(), field),
      {
        [field]: ["role", "arr", "industry"].includes(field)
          ? expected.choice(full[field])
          : expected.required(full[field]),
      },
    ],
  );
  const requiredQuick: [string, Body, Record<string, string>][] = QUICK_FIELDS.map((field) => [
    `quick: ${field} missing`,
    without(quickInquiry(), field),
    { [field]: expected.required(quick[field]) },
  ]);

  it.each<[string, unknown, Record<string, string>]>([
    ...requiredFull,
    ...requiredQuick,
    ["full: name only spaces", fullInquiry({ name: "   " }), { name: expected.required(full.name) }],
    ["full: challenges empty", fullInquiry({ challenges: "" }), { challenges: expected.required(full.challenges) }],
    ["full: name not a string", fullInquiry({ name: 42 }), { name: expected.required(full.name) }],
    ["full: e-mail without @", fullInquiry({ email: "ada.analytical.example" }), { email: expected.email }],
    ["full: e-mail without domain", fullInquiry({ email: "ada@" }), { email: expected.email }],
    ["quick: e-mail with a space inside", quickInquiry({ email: "grace @cobol.example" }), { email: expected.email }],
    ["full: e-mail empty", fullInquiry({ email: "" }), { email: expected.required(full.email) }],
    [
      `full: name of ${short + 1} characters`,
      fullInquiry({ name: "n".repeat(short + 1) }),
      { name: expected.tooLong(full.name, short) },
    ],
    [
      `full: company of ${short + 1} characters`,
      fullInquiry({ company: "c".repeat(short + 1) }),
      { company: expected.tooLong(full.company, short) },
    ],
    [
      `full: e-mail of ${short + 1} characters`,
      fullInquiry({ email: `${"a".repeat(short + 1 - "@analytical.example".length)}@analytical.example` }),
      { email: expected.tooLong(full.email, short) },
    ],
    [
      `full: challenges of ${long + 1} characters`,
      fullInquiry({ challenges: "c".repeat(long + 1) }),
      { challenges: expected.tooLong(full.challenges, long) },
    ],
    [
      `full: objectives of ${long + 1} characters`,
      fullInquiry({ objectives: "o".repeat(long + 1) }),
      { objectives: expected.tooLong(full.objectives, long) },
    ],
    [
      `quick: message of ${long + 1} characters`,
      quickInquiry({ message: "m".repeat(long + 1) }),
      { message: expected.tooLong(quick.message, long) },
    ],
    ["full: role not among the options", fullInquiry({ role: "astronaut" }), { role: expected.choice(full.role) }],
    ["full: arr not among the options", fullInquiry({ arr: "1M-2M" }), { arr: expected.choice(full.arr) }],
    ["full: arr empty", fullInquiry({ arr: "" }), { arr: expected.choice(full.arr) }],
    [
      "full: industry given as an option's label, not its value",
      fullInquiry({ industry: industry[0].label }),
      { industry: expected.choice(full.industry) },
    ],
    [
      "full: timeline not among the options",
      fullInquiry({ timeline: "someday" }),
      { timeline: expected.choice(full.timeline) },
    ],
    ["kind missing", without(fullInquiry(), "kind"), { kind: expected.kind }],
    ["kind unknown", fullInquiry({ kind: "partial" }), { kind: expected.kind }],
    ["kind in capitals", quickInquiry({ kind: "QUICK" }), { kind: expected.kind }],
    ["a language the site does not have", quickInquiry({ language: "fr" }), { language: expected.language }],
    ["a language in capitals", fullInquiry({ language: "DE" }), { language: expected.language }],
    ["a language by its name, not its code", fullInquiry({ language: "Deutsch" }), { language: expected.language }],
    ["an empty language", quickInquiry({ language: "" }), { language: expected.language }],
    ["an unknown field", fullInquiry({ favourite: "blue" }), { favourite: "unknown field" }],
    ["two unknown fields", quickInquiry({ a: "1", b: "2" }), { "a, b": "unknown fields" }],
    ["a field of the other form (quick with a role)", quickInquiry({ role: role[0].value }), { role: "unknown field" }],
    ["a full inquiry with a message", fullInquiry({ message: "hello" }), { message: "unknown field" }],
    [
      "several problems at once: one message per field",
      fullInquiry({ name: "", email: "nope", role: "x", objectives: "o".repeat(long + 1) }),
      {
        name: expected.required(full.name),
        email: expected.email,
        role: expected.choice(full.role),
        objectives: expected.tooLong(full.objectives, long),
      },
    ],
    ["a JSON array", [fullInquiry()], { kind: expected.kind }],
  ])("%s", (_name, input, fields) => {
    expect(errorsOf(input)).toEqual(fields);
  });
});

describe("makeInquirySchema takes its labels and messages from the data", () => {
  const schema = makeInquirySchema({
    options: { role: [{ value: "r" }], arr: [{ value: "a" }], industry: [{ value: "i" }], timeline: [{ value: "t" }] },
    labels: {
      full: {
        name: "N",
        email: "E",
        company: "C",
        role: "R",
        arr: "A",
        industry: "I",
        challenges: "Ch",
        objectives: "O",
        timeline: "T",
      },
      quick: { name: "qN", email: "qE", company: "qC", message: "qM" },
    },
    messages: {
      required: "need {label}",
      email: "bad mail",
      tooLong: "{label} over {max}",
      choice: "pick {label}",
      characters: "odd {label}",
    },
    languages: { codes: ["xx", "yy"], default: "yy" },
  });

  it("takes its languages from the input: one of them, or the default when none is sent", () => {
    expect(
      schema.parse({ kind: "quick", language: "xx", name: "n", email: "a@b.example", company: "c", message: "m" }),
    ).toMatchObject({ language: "xx" });
    expect(schema.parse({ kind: "quick", name: "n", email: "a@b.example", company: "c", message: "m" })).toMatchObject({
      language: "yy",
    });
    const parsed = schema.safeParse({
      kind: "quick",
      language: "en",
      name: "n",
      email: "a@b.example",
      company: "c",
      message: "m",
    });
    expect(parsed.error && fieldErrors(parsed.error)).toEqual({ language: 'language must be one of "xx", "yy"' });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ["required", { kind: "quick", email: "a@b.example", company: "c", message: "m" }, { name: "need qN" }],
    [
      "too long",
      { kind: "quick", name: "n", email: "a@b.example", company: "c".repeat(201), message: "m" },
      { company: "qC over 200" },
    ],
    ["e-mail", { kind: "quick", name: "n", email: "x", company: "c", message: "m" }, { email: "bad mail" }],
    [
      "characters",
      { kind: "quick", name: "n\x1b", email: "a@b.example", company: "c", message: "m" },
      { name: "odd qN" },
    ],
    [
      "choice, from the given options only",
      {
        kind: "full",
        name: "n",
        email: "a@b.example",
        company: "c",
        role: role[0].value,
        arr: "a",
        industry: "i",
        challenges: "c",
        objectives: "o",
      },
      { role: "pick R" },
    ],
  ])("%s", (_name, input, fields) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error && fieldErrors(parsed.error)).toEqual(fields);
  });
});

describe("text hygiene: one line is one line of visible text, a message has only line breaks and tabs", () => {
  const { full, quick } = labels;

  it.each(SINGLE_LINE_HOSTILE)("a name, company or e-mail with %s is refused with the data's message", (_what, bad) => {
    expect(errorsOf(fullInquiry({ name: `Ada${bad}Lovelace` }))).toEqual({ name: expected.characters(full.name) });
    expect(errorsOf(quickInquiry({ company: `Compiler${bad}Works` }))).toEqual({
      company: expected.characters(quick.company),
    });
    expect(errorsOf(quickInquiry({ email: `grace${bad}@cobol.example` }))).toEqual({
      email: expected.characters(quick.email),
    });
  });

  it("surrounding line breaks and tabs are trimmed away; inside a name they are refused", () => {
    expect(inquirySchema.parse(fullInquiry({ name: "\tAda Lovelace\r\n" })).name).toBe("Ada Lovelace");
    expect(errorsOf(fullInquiry({ name: "Ada\r\nLovelace" }))).toEqual({ name: expected.characters(full.name) });
  });

  it.each(MULTI_LINE_HOSTILE)("a message or challenge with %s is refused", (_what, bad) => {
    expect(errorsOf(quickInquiry({ message: `Hello${bad} there` }))).toEqual({
      message: expected.characters(quick.message),
    });
    expect(errorsOf(fullInquiry({ challenges: `Hello${bad} there` }))).toEqual({
      challenges: expected.characters(full.challenges),
    });
  });

  it("a message keeps its line breaks and tabs; CRLF and lone CR become LF", () => {
    const parsed = inquirySchema.parse(quickInquiry({ message: "First line\r\nsecond\rthird\n\tindented" }));
    expect(parsed.kind === "quick" && parsed.message).toBe("First line\nsecond\nthird\n\tindented");
  });

  it("a message may hold right-to-left text with its direction marks", () => {
    const text = "\u05e9\u05dc\u05d5\u05dd \u200fAcme\u200f \u0645\u0631\u062d\u0628\u0627\u061c";
    const parsed = inquirySchema.parse(quickInquiry({ message: text }));
    expect(parsed.kind === "quick" && parsed.message).toBe(text);
  });

  it("text is stored in NFC: a decomposed é and the precomposed one are the same name", () => {
    const decomposed = "Ame\u0301lie Cafe\u0301";
    const parsed = inquirySchema.parse(quickInquiry({ name: decomposed, company: "Cre\u0300me" }));
    expect(parsed.name).toBe("Am\u00e9lie Caf\u00e9");
    expect(parsed.company).toBe("Cr\u00e8me");
  });

  it("the length limit counts the NFC text", () => {
    // short + 1 code units decomposed, short composed: within the limit.
    const name = `${"a".repeat(short - 1)}e\u0301`;
    expect(name).toHaveLength(short + 1);
    expect(inquirySchema.parse(quickInquiry({ name })).name).toHaveLength(short);
  });
});
