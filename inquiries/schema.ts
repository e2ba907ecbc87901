import { fieldErrors, type InquirySchema, makeInquirySchema } from "../schemas/inquiry.ts";
// Every language of data/locales.yaml (generated): none is listed here by hand.
import { byLocale } from "../site/generated/by-locale/inquiry-schema.ts";
import { arr, industry, role, timeline } from "../site/generated/form-options.ts";
import type { FormVocabulary } from "./labels.ts";
import { defaultLocale, type Language, languageOr } from "./language.ts";

/**
 * The inquiry schema with this site's options, labels and messages, as the
 * server validates before storing, once per language (the messages in it).
 * The browser builds the same schema from the same generated input
 * (site/components/form/send.ts): it cannot import the domain, and both
 * sides must say the same thing.
 */
const schemas = Object.fromEntries(
  Object.entries(byLocale).map(([code, module]) => [code, makeInquirySchema(module.inquirySchemaInput)]),
) as Record<Language, InquirySchema>;

/** The schema with the default language's messages. */
export const inquirySchema = schemas[defaultLocale];

/**
 * The schema whose messages are in the language the inquiry says it was
 * written in (its `language` field), for the visitor who reads them; the
 * default language's when it names none the site has (the schema then
 * reports the field).
 */
export function inquirySchemaFor(language: unknown): InquirySchema {
  return schemas[languageOr(language)];
}

export { fieldErrors };

/** The forms' field labels and select options' labels, as the partners read them, for the mail and the webhook. */
export const formVocabulary: FormVocabulary = {
  fields: byLocale[defaultLocale].inquirySchemaInput.labels,
  options: { role, arr, industry, timeline },
};
