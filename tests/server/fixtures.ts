// Inquiries and expected messages for the server and schema tests, all
// derived from the generated data (labels, templates, select options).
import { form } from "../../site/generated/contact.ts";
import { arr, industry, role, timeline } from "../../site/generated/form-options.ts";
import { contact } from "../../site/generated/home.ts";
import { errors } from "../../site/generated/inquiry.ts";

export type Body = Record<string, unknown>;

/** A valid contact-page inquiry; select values are taken from the options data. */
export function fullInquiry(overrides: Body = {}): Body {
  return {
    kind: "full",
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
  email: errors.email as string,
  kind: 'kind must be "full" or "quick"',
};
