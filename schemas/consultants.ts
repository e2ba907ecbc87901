import { z } from "zod";
import { ARR_RANGE, ARR_RANGE_HINT, parseArrRange } from "./arr-range.ts";
import { exactly, Slug, Text } from "./common.ts";

export const ArrRangeText = z
  .string()
  .regex(ARR_RANGE, { error: 'must be a range like "2M-25M"' })
  .refine(
    (text) => {
      const range = parseArrRange(text);
      return range === null || range.low < range.high;
    },
    { error: "the low end must be below the high end" },
  )
  .describe(`ARR range the consultant focuses on: ${ARR_RANGE_HINT}`);

export const ConsultantSchema = z
  .strictObject({
    slug: Slug.describe("Stable id, used in links like /consultants#slug"),
    name: z.string().regex(/\S/, { error: "must not be empty" }).describe("Full name"),
    role: Text.describe("Title in the firm, like Managing Partner"),
    specialization: Text.describe("Specialisation badge"),
    focus: Text.describe("One line on the home page card"),
    arrRange: ArrRangeText,
    background: Text.describe("Background paragraph"),
    expertise: exactly(3, Text, "areas of expertise"),
    achievements: exactly(3, Text, "key achievements"),
    industries: exactly(
      3,
      z.string().describe("An industry option value of form-options.yaml, like fintech"),
      "industries (values of the inquiry form's industry options)",
    ),
  })
  .describe("A senior consultant");

export const ConsultantsSchema = z
  .strictObject({
    consultants: z.array(ConsultantSchema).min(1).describe("The consultants, in the order shown"),
  })
  .describe("The firm's consultants");

export type Consultant = z.infer<typeof ConsultantSchema>;
export type Consultants = z.infer<typeof ConsultantsSchema>;
