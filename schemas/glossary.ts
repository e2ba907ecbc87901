/**
 * data/glossary.yaml: the terms of the translations (docs/i18n.md): the
 * English term, its German term or `keep` (German B2B readers use the
 * English word), and a note. Read by translators and checked by validate;
 * not shown on the site, so its strings are values, not translatable texts.
 */
import { z } from "zod";
import { value } from "./text.ts";

const Term = (what: string) =>
  value("id", (s) =>
    s.min(1, { error: "must not be empty" }).max(100, { error: "a term is at most 100 characters" }),
  ).describe(what);

export const GlossaryTermSchema = z
  .strictObject({
    en: Term("The English term as the English texts write it").meta({ title: "English" }),
    de: Term('The German term, or "keep" where German B2B readers use the English term as it is').meta({
      title: "German",
    }),
    note: value("id", (s) => s.max(300, { error: "a note is at most 300 characters" }))
      .optional()
      .describe("Gender, plural, compounds, or where the term does not apply")
      .meta({ title: "Note" }),
  })
  .describe("One term of the glossary");

export const GlossarySchema = z
  .strictObject({
    terms: z
      .array(GlossaryTermSchema)
      .min(1)
      .describe("The terms, one each; a new term goes here before it is used")
      .meta({ title: "Terms", itemName: "en" }),
  })
  .describe("The terms of the German translation");

export type Glossary = z.infer<typeof GlossarySchema>;

/** Terms listed twice (the English term, case and spacing aside): the indexes of the second and later ones. */
export function duplicateTerms(glossary: Glossary): { index: number; first: number }[] {
  const seen = new Map<string, number>();
  const out: { index: number; first: number }[] = [];
  glossary.terms.forEach((term, index) => {
    const key = term.en.toLowerCase().replace(/\s+/g, " ").trim();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else out.push({ index, first });
  });
  return out;
}
