import type { z } from "zod";

/**
 * A value that names something defined in another data file: a consultant's
 * industry is a value of the inquiry form's industry options, an article's
 * author a consultant's slug. Declared on the field, it travels in the JSON
 * Schema as `refersTo`, so tools can offer what exists (the content editor's
 * pickers); the cross-file rules (schemas/rules/) check it.
 */
export interface Reference {
  /** The data file, like `form-options.yaml`. */
  file: string;
  /** Where its entries are: a list of objects (`industry`), or a mapping whose keys are the values (`stats`). */
  at: string;
  /** The field of a list's entry that is the value; absent for a mapping's keys. */
  value?: string;
  /** The field of an entry shown beside the value (a name, a label). */
  label?: string;
}

export function refersTo<T extends z.ZodType>(schema: T, reference: Reference): T {
  return schema.meta({ refersTo: reference }) as T;
}
