/** The inquiry form's options. */
import { ARR_BAND_HINT, parseArrBand } from "../arr-range.ts";
import { type RuleIssue, rule } from "./types.ts";

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

// A consultant's industries are values of these options: checked by their `refersTo` (./references.ts).
export const OPTION_RULES = [arrOptionsAreBands] as const;
