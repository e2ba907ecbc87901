import { z } from "zod";
import { BIDI_MARKS, BIDI_REORDERING, CONTROLS, SEPARATORS } from "./characters.ts";
import type { DataSet } from "./index.ts";
import { INQUIRY_LIMITS } from "./inquiry-limits.ts";

export { INQUIRY_LIMITS };

export const FULL_FIELDS = [
  "name",
  "email",
  "company",
  "role",
  "arr",
  "industry",
  "challenges",
  "objectives",
  "timeline",
] as const;
export const QUICK_FIELDS = ["name", "email", "company", "message"] as const;
export type FullField = (typeof FULL_FIELDS)[number];
export type QuickField = (typeof QUICK_FIELDS)[number];

type Options = readonly { value: string }[];

/**
 * A name, e-mail or company is one line of visible text: no control
 * character (C0, DEL, C1), no line or paragraph separator, no bidi control
 * or mark (characters.ts).
 */
const SINGLE_LINE_REFUSED = new RegExp(`[\\p{Cc}${SEPARATORS}${BIDI_REORDERING}${BIDI_MARKS}]`, "u");
/** A message may have line breaks and tabs; no other control character, no reordering bidi control. */
const MULTI_LINE_REFUSED = new RegExp(`[${CONTROLS}${SEPARATORS}${BIDI_REORDERING}]`, "u");

/** Line breaks as \n (a form post sends \r\n), then Unicode NFC. */
export function normalizeText(value: string): string {
  return value.replace(/\r\n?/g, "\n").normalize("NFC");
}

export interface InquirySchemaInput {
  options: { role: Options; arr: Options; industry: Options; timeline: Options };
  labels: { full: Record<FullField, string>; quick: Record<QuickField, string> };
  messages: { required: string; email: string; tooLong: string; choice: string; characters: string };
  /** The site's languages (data/locales.yaml): the codes an inquiry's `language` may be, and the one an inquiry without it is in. */
  languages: { codes: readonly string[]; default: string };
}

/**
 * The schema's input taken from the data: the select options, the labels of
 * both forms' fields and the messages. `npm run generate` writes it into
 * site/generated/inquiry-schema.ts, so the browser (site/) and the server
 * (inquiries/schema.ts) build the same schema from the same generated value.
 */
export function inquirySchemaInput(data: Pick<DataSet, "formOptions" | "contact" | "home" | "inquiry" | "locales">) {
  const full = data.contact.form.fields;
  const quick = data.home.contact.fields;
  const { role, arr, industry, timeline } = data.formOptions;
  const values = (list: readonly { value: string }[]) => list.map(({ value }) => ({ value }));
  const { summary: _summary, ...messages } = data.inquiry.errors;
  return {
    options: { role: values(role), arr: values(arr), industry: values(industry), timeline: values(timeline) },
    labels: {
      full: Object.fromEntries(FULL_FIELDS.map((field) => [field, full[field].label])) as Record<FullField, string>,
      quick: Object.fromEntries(QUICK_FIELDS.map((field) => [field, quick[field].label])) as Record<QuickField, string>,
    },
    messages,
    languages: { codes: data.locales.locales.map(({ code }) => code), default: data.locales.defaultLocale },
  } satisfies InquirySchemaInput;
}

/**
 * The one schema of an inquiry, used by the browser before sending and by
 * the server before storing. Select values come from data/form-options.yaml;
 * messages and labels from the data too, so both sides say the same thing.
 */
export function makeInquirySchema({ options, labels, messages, languages }: InquirySchemaInput) {
  const say = (template: string, label: string, max?: number) =>
    template.replaceAll("{label}", label).replaceAll("{max}", String(max ?? ""));

  // Normalized first (line breaks to \n, NFC), so the length limit and the
  // stored text are the same however the browser or OS composed the text;
  // trimmed before the character check, so a pasted trailing line break is
  // dropped, while one inside a name is refused.
  const text = (label: string, max: number, lines: "single" | "multi" = "single") =>
    z
      .string({ error: say(messages.required, label) })
      .overwrite(normalizeText)
      .trim()
      .refine((value) => !(lines === "single" ? SINGLE_LINE_REFUSED : MULTI_LINE_REFUSED).test(value), {
        error: say(messages.characters, label),
      })
      .min(1, { error: say(messages.required, label) })
      .max(max, { error: say(messages.tooLong, label, max) });

  const email = (label: string) => text(label, INQUIRY_LIMITS.short).pipe(z.email({ error: messages.email }));

  const choice = (label: string, list: Options) => {
    const values = list.map((o) => o.value) as [string, ...string[]];
    return z.enum(values, { error: say(messages.choice, label) });
  };

  // A select left on its placeholder sends nothing or "": both mean "not chosen".
  const optionalChoice = (label: string, list: Options) =>
    z.preprocess((value) => (value === "" || value === null ? undefined : value), choice(label, list).optional());

  // The language of the page the visitor wrote on, which the partners answer in. A hidden field,
  // never typed by a visitor: its message is for the developer of a client, like kind's. A client
  // that does not send it (an API user, a page cached from before) writes in the default language.
  const language = z
    .enum(languages.codes as [string, ...string[]], {
      error: `language must be one of ${languages.codes.map((code) => `"${code}"`).join(", ")}`,
    })
    .default(languages.default);

  const full = z.strictObject({
    kind: z.literal("full").meta({ title: "Kind" }),
    language: language.meta({ title: "Language" }),
    name: text(labels.full.name, INQUIRY_LIMITS.short).meta({ title: "Name" }),
    email: email(labels.full.email).meta({ title: "E-mail" }),
    company: text(labels.full.company, INQUIRY_LIMITS.short).meta({ title: "Company" }),
    role: choice(labels.full.role, options.role).meta({ title: "Role" }),
    arr: choice(labels.full.arr, options.arr).meta({ title: "Current ARR" }),
    industry: choice(labels.full.industry, options.industry).meta({ title: "Industry" }),
    challenges: text(labels.full.challenges, INQUIRY_LIMITS.long, "multi").meta({ title: "Sales challenges" }),
    objectives: text(labels.full.objectives, INQUIRY_LIMITS.long, "multi").meta({ title: "Growth objectives" }),
    timeline: optionalChoice(labels.full.timeline, options.timeline).meta({ title: "Timeline" }),
  });

  const quick = z.strictObject({
    kind: z.literal("quick").meta({ title: "Kind" }),
    language: language.meta({ title: "Language" }),
    name: text(labels.quick.name, INQUIRY_LIMITS.short).meta({ title: "Name" }),
    email: email(labels.quick.email).meta({ title: "E-mail" }),
    company: text(labels.quick.company, INQUIRY_LIMITS.short).meta({ title: "Company" }),
    message: text(labels.quick.message, INQUIRY_LIMITS.long, "multi").meta({ title: "Message" }),
  });

  return z.discriminatedUnion("kind", [full, quick], { error: 'kind must be "full" or "quick"' });
}

export type InquirySchema = ReturnType<typeof makeInquirySchema>;
export type Inquiry = z.output<InquirySchema>;

/** Per-field messages from a failed parse: { email: "Enter a valid…" }. The first message per field wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // No prototype: an unknown field named `__proto__` or `constructor` is reported like any other.
  const errors: Record<string, string> = Object.create(null);
  for (const issue of error.issues) {
    const field = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : String(issue.path[0] ?? "kind");
    errors[field] ??=
      issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""}` : issue.message;
  }
  return errors;
}
