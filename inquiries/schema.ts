import { fieldErrors, makeInquirySchema } from "../schemas/inquiry.ts";
import { arr, industry, role, timeline } from "../site/generated/form-options.ts";
import { inquirySchemaInput } from "../site/generated/inquiry-schema.ts";
import type { FormVocabulary } from "./labels.ts";

/**
 * The inquiry schema with this site's options, labels and messages, as the
 * server validates before storing. The browser builds the same schema from
 * the same generated input (site/components/form/send.ts): it cannot import
 * the domain, and both sides must say the same thing.
 */
export const inquirySchema = makeInquirySchema(inquirySchemaInput);

export { fieldErrors };

/** The forms' field labels and select options' labels, as the visitor read them, for the mail and the webhook. */
export const formVocabulary: FormVocabulary = {
  fields: inquirySchemaInput.labels,
  options: { role, arr, industry, timeline },
};
