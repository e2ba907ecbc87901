/** The inquiry form's options, and the data that refers to them. */
import { ARR_BAND_HINT, parseArrBand } from "../arr-range.ts";
import { closest, suggestion } from "../suggest.ts";
import { type RuleIssue, rule } from "./types.ts";

/**
 * A consultant's industries are values of the inquiry form's industry
 * options: that is what lets an inquiry be matched to a consultant
 * (inquiries/match.ts), and what the card shows the label of.
 */
export const consultantIndustriesExist = rule(
  "consultantIndustriesExist",
  ["consultants", "formOptions"],
  ({ consultants, formOptions }) => {
    const options = formOptions.industry;
    const values = options.map((option) => option.value);
    const issues: RuleIssue[] = [];
    consultants.consultants.forEach((consultant, index) => {
      consultant.industries.forEach((industry, position) => {
        if (values.includes(industry)) return;
        // Someone who wrote the label ("FinTech") meant its value.
        const byLabel = closest(
          industry,
          options.map((option) => option.label),
        );
        const meant = options.find((option) => option.label === byLabel)?.value;
        issues.push({
          key: "consultants",
          path: ["consultants", index, "industries", position],
          severity: "error",
          message: `unknown industry "${industry}": not a value of the inquiry form's industry options`,
          hint: meant
            ? `did you mean \`${meant}\`? (the value of the option "${byLabel}" in form-options.yaml)`
            : suggestion(industry, values, "industry values in form-options.yaml"),
        });
      });
    });
    return issues;
  },
);

/** The consultant match compares these bands with the consultants' ARR ranges. */
export const arrOptionsAreBands = rule("arrOptionsAreBands", ["formOptions"], ({ formOptions }) =>
  formOptions.arr.flatMap((option, index): RuleIssue[] => {
    const band = parseArrBand(option.value);
    if (band && band.low < band.high) return [];
    return [
      {
        key: "formOptions",
        path: ["arr", index, "value"],
        severity: "error",
        message: `the ARR option value "${option.value}" does not read as a band of ARR`,
        hint: ARR_BAND_HINT,
      },
    ];
  }),
);

export const OPTION_RULES = [consultantIndustriesExist, arrOptionsAreBands] as const;
