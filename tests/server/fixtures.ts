// Inquiries and expected messages for the server and schema tests, all
// derived from the generated data (labels, templates, select options).
import { form } from "../../site/generated/contact.ts";
import { inquirySchemaInput as germanSchemaInput } from "../../site/generated/de/inquiry-schema.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { contact } from "../../site/generated/home.ts";
import { errors } from "../../site/generated/inquiry.ts";
import { defaultLocale, locales } from "../../site/generated/locales.ts";

export type Body = Record<string, unknown>;

/** A valid contact-page inquiry; select values are taken from the options data. */
export function fullInquiry(overrides: Body = {}): Body {
  return {
    kind: "full",
    language: defaultLocale,
    name: "Ada Lovelace",
    email: "ada@analytical.example",
    company: "Analytical Engines Ltd",
    role: role[0].value,
    arr: arr[1].value,
    industry: industry[2].value,
    challenges: "Founder-led sales does not scale past the first ten customers.",
    objectives: "A repeatable outbound engine and two hired account executives.",
    timeline: timeline[0].value,
    ...overrides,
  };
}

/** A valid home-page message. */
export function quickInquiry(overrides: Body = {}): Body {
  return {
    kind: "quick",
    language: defaultLocale,
    name: "Grace Hopper",
    email: "grace@cobol.example",
    company: "Compiler Works",
    message: "We would like to talk about our pipeline.",
    ...overrides,
  };
}

/** The labels of the two forms and the message templates, as the data holds them. */
export const labels = {
  full: Object.fromEntries(Object.entries(form.fields).map(([key, field]) => [key, field.label])) as Record<
    keyof typeof form.fields,
    string
  >,
  quick: Object.fromEntries(Object.entries(contact.fields).map(([key, field]) => [key, field.label])) as Record<
    keyof typeof contact.fields,
    string
  >,
};

function fill(template: string, label: string, max?: number): string {
  return template.replaceAll("{label}", label).replaceAll("{max}", String(max ?? ""));
}

/** The message a visitor reads, computed from data/inquiry.yaml's templates. */
export const expected = {
  required: (label: string) => fill(errors.required, label),
  tooLong: (label: string, max: number) => fill(errors.tooLong, label, max),
  choice: (label: string) => fill(errors.choice, label),
  characters: (label: string) => fill(errors.characters, label),
  email: errors.email as string,
  kind: 'kind must be "full" or "quick"',
  /** A language the site does not have: the codes of data/locales.yaml. */
  language: `language must be one of ${locales.map(({ code }) => `"${code}"`).join(", ")}`,
};

/**
 * German as a visitor reads it on the German pages: the locale of
 * data/locales.yaml, and the labels and messages of data/de/, from the same
 * generated input the browser and the server build their schema from.
 */
export const german = (() => {
  const locale = locales.find(({ code }) => code === "de");
  if (!locale) throw new Error("data/locales.yaml has no German");
  const { labels: otherLabels, messages } = germanSchemaInput;
  return {
    code: locale.code,
    pathPrefix: locale.pathPrefix,
    labels: otherLabels,
    expected: {
      required: (label: string) => fill(messages.required, label),
      choice: (label: string) => fill(messages.choice, label),
      email: messages.email,
    },
  };
})();

/** Characters no single-line field may hold, by what they are. */
export const SINGLE_LINE_HOSTILE: [string, string][] = [
  ["CR", "\r"],
  ["LF", "\n"],
  ["NUL", "\0"],
  ["ESC (a terminal escape)", "\x1b]0;pwned\x07"],
  ["BEL", "\x07"],
  ["DEL", "\x7f"],
  ["C1 CSI", "\x9b2J"],
  ["tab", "\t"],
  ["U+202E right-to-left override", "\u202e"],
  ["U+202A left-to-right embedding", "\u202a"],
  ["U+2066 left-to-right isolate", "\u2066"],
  ["U+2069 pop directional isolate", "\u2069"],
  ["U+200E left-to-right mark", "\u200e"],
  ["U+200F right-to-left mark", "\u200f"],
  ["U+061C Arabic letter mark", "\u061c"],
  ["U+2028 line separator", "\u2028"],
];

/** Characters a multi-line field refuses too (it allows \n and \t, and CR as part of a line break). */
export const MULTI_LINE_HOSTILE: [string, string][] = [
  ["NUL", "\0"],
  ["ESC", "\x1b[2J"],
  ["BEL", "\x07"],
  ["vertical tab", "\v"],
  ["C1 CSI", "\x9b"],
  ["U+202E right-to-left override", "\u202e"],
  ["U+2067 right-to-left isolate", "\u2067"],
];
