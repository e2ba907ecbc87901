import { z } from "zod";
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

export interface InquirySchemaInput {
  options: { role: Options; arr: Options; industry: Options; timeline: Options };
  labels: { full: Record<FullField, string>; quick: Record<QuickField, string> };
  messages: { required: string; email: string; tooLong: string; choice: string };
}

/**
 * The schema's input taken from the data: the select options, the labels of
 * both forms' fields and the messages. `npm run generate` writes it into
 * site/generated/inquiry-schema.ts, so the browser (site/) and the server
 * (inquiries/schema.ts) build the same schema from the same generated value.
 */
export function inquirySchemaInput(data: Pick<DataSet, "formOptions" | "contact" | "home" | "inquiry">) {
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
  } satisfies InquirySchemaInput;
}

/**
 * The one schema of an inquiry, used by the browser before sending and by
 * the server before storing. Select values come from data/form-options.yaml;
 * messages and labels from the data too, so both sides say the same thing.
 */
export function makeInquirySchema({ options, labels, messages }: InquirySchemaInput) {
  const say = (template: string, label: string, max?: number) =>
    template.replaceAll("{label}", label).replaceAll("{max}", String(max ?? ""));

  const text = (label: string, max: number) =>
    z
      .string({ error: say(messages.required, label) })
      .trim()
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

  const full = z.strictObject({
    kind: z.literal("full"),
    name: text(labels.full.name, INQUIRY_LIMITS.short),
    email: email(labels.full.email),
    company: text(labels.full.company, INQUIRY_LIMITS.short),
    role: choice(labels.full.role, options.role),
    arr: choice(labels.full.arr, options.arr),
    industry: choice(labels.full.industry, options.industry),
    challenges: text(labels.full.challenges, INQUIRY_LIMITS.long),
    objectives: text(labels.full.objectives, INQUIRY_LIMITS.long),
    timeline: optionalChoice(labels.full.timeline, options.timeline),
  });

  const quick = z.strictObject({
    kind: z.literal("quick"),
    name: text(labels.quick.name, INQUIRY_LIMITS.short),
    email: email(labels.quick.email),
    company: text(labels.quick.company, INQUIRY_LIMITS.short),
    message: text(labels.quick.message, INQUIRY_LIMITS.long),
  });

  return z.discriminatedUnion("kind", [full, quick], { error: 'kind must be "full" or "quick"' });
}

export type InquirySchema = ReturnType<typeof makeInquirySchema>;
export type Inquiry = z.output<InquirySchema>;

/** Per-field messages from a failed parse: { email: "Enter a valid…" }. The first message per field wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : String(issue.path[0] ?? "kind");
    errors[field] ??=
      issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""}` : issue.message;
  }
  return errors;
}
