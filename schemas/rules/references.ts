/**
 * References between the data files, all of them by one rule: every field a
 * schema declares with `refersTo` (schemas/references.ts) must name
 * something that exists in the file it refers to: a consultant's industries
 * (values of the inquiry form's industry options: the consultant match,
 * inquiries/match.ts, and the cards' labels rely on it), the figures the home
 * and approach pages show by id. A new reference field is checked without a
 * line here, and the editor offers the same values in its picker.
 */
import { DATA_FILES, type DataKey } from "../index.ts";
import { choicesIn, danglingReferences, referenceFields } from "../references.ts";
import { type RuleIssue, rule } from "./types.ts";

const keyOfFile = new Map<string, DataKey>(DATA_FILES.map((entry) => [entry.file, entry.key]));

/**
 * Each file's reference fields are checked while both it and the file it refers
 * to are valid (a file with errors of its own would only cause a cascade):
 * the files differ by field, so the rule needs none itself and looks.
 */
export const referencesExist = rule("referencesExist", [], (data) =>
  DATA_FILES.flatMap((entry) => {
    const value = data[entry.key];
    if (value === undefined) return [];
    return referenceFields(entry.schema).flatMap((field): RuleIssue[] => {
      const target = keyOfFile.get(field.reference.file);
      if (target === undefined) {
        throw new Error(
          `bug: ${entry.file} refers to ${field.reference.file}, which is not a data file (schemas/index.ts)`,
        );
      }
      const referenced = data[target];
      if (referenced === undefined) return [];
      return danglingReferences(field, value, choicesIn(field.reference, referenced)).map((problem) => ({
        key: entry.key,
        severity: "error",
        ...problem,
      }));
    });
  }),
);

export const REFERENCE_RULES = [referencesExist] as const;
