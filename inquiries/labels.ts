import type { FullField, QuickField } from "../schemas/inquiry.ts";
import { INQUIRY_FIELDS, type InquiryFieldName, type StoredInquiry } from "./fields.ts";

/** The fields whose stored value is an option of data/form-options.yaml. */
export const SELECT_FIELDS = ["role", "arr", "industry", "timeline"] as const;
export type SelectField = (typeof SELECT_FIELDS)[number];

/**
 * What the visitor read on the form: the label of each field (per form) and
 * of each select option. A stored inquiry keeps the option's value, which
 * machines read; people read it as the visitor saw it, by its label.
 */
export interface FormVocabulary {
  fields: { full: Readonly<Record<FullField, string>>; quick: Readonly<Record<QuickField, string>> };
  options: Readonly<Record<SelectField, readonly { value: string; label: string }[]>>;
}

/** The labels of the options an inquiry chose, by field (`{ arr: "€5M-10M", … }`); none for a home-page message. */
export function optionLabels(
  inquiry: Pick<StoredInquiry, SelectField>,
  options: FormVocabulary["options"],
): Partial<Record<SelectField, string>> {
  const labels: Partial<Record<SelectField, string>> = {};
  for (const field of SELECT_FIELDS) {
    const value = inquiry[field];
    if (value === null || value === undefined) continue;
    // An option renamed or removed since the inquiry arrived: its stored value is all there is.
    labels[field] = options[field].find((option) => option.value === value)?.label ?? value;
  }
  return labels;
}

/** The inquiry's fields in the form's order, each by its label and its value as the visitor saw it; empty ones left out. */
export function readableFields(
  inquiry: StoredInquiry,
  vocabulary: FormVocabulary,
): { field: FullField | QuickField; label: string; text: string }[] {
  const chosen = optionLabels(inquiry, vocabulary.options);
  const fields: Readonly<Record<string, string>> =
    inquiry.kind === "full" ? vocabulary.fields.full : vocabulary.fields.quick;
  return Object.entries(fields).flatMap(([field, label]) => {
    const value = inquiry[field as keyof StoredInquiry];
    if (value === null || value === undefined) return [];
    return [{ field: field as FullField | QuickField, label, text: chosen[field as SelectField] ?? String(value) }];
  });
}

/**
 * Every stored field (fields.ts) of an inquiry, for a person to read
 * (`inquiries show`): labelled as its form labels it where the form has the
 * field (data/), else by the field table's label; a chosen option as its
 * label with the stored value beside it. Empty ones left out. Without a
 * vocabulary (data with errors), the table's labels and the stored values.
 */
export function labelledFields(
  inquiry: StoredInquiry,
  vocabulary?: FormVocabulary,
): { field: InquiryFieldName; label: string; text: string }[] {
  const chosen: Readonly<Record<string, string>> = vocabulary ? optionLabels(inquiry, vocabulary.options) : {};
  const labels: Readonly<Record<string, string>> = vocabulary?.fields[inquiry.kind] ?? {};
  return INQUIRY_FIELDS.flatMap(({ name, label }) => {
    const value = inquiry[name];
    if (value === null) return [];
    const option = chosen[name];
    const text = option === undefined || option === value ? value : `${option} (${value})`;
    return [{ field: name, label: labels[name] ?? label, text }];
  });
}
