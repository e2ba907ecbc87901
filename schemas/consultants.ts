import { z } from "zod";
import { ARR_RANGE, ARR_RANGE_HINT, parseArrRange } from "./arr-range.ts";
import { exactly, figure, line, name, prose, Slug, value } from "./common.ts";
import { refersTo } from "./references.ts";

export const ArrRangeText = figure()
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
    slug: Slug.describe("Stable id, used in links like /consultants#slug").meta({ title: "Slug" }),
    name: name().describe("Full name").meta({ title: "Name" }),
    role: line("label").describe("Title in the firm, like Managing Partner").meta({ title: "Role" }),
    specialization: line("label").describe("Specialisation badge").meta({ title: "Specialisation" }),
    focus: line("cardLine").describe("One line on the home page card").meta({ title: "Focus" }),
    arrRange: ArrRangeText.meta({ title: "ARR range" }),
    background: prose().describe("Background paragraph").meta({ title: "Background" }),
    expertise: exactly(3, line("label").describe("An area of expertise (a badge)"), "areas of expertise").meta({
      title: "Areas of expertise",
    }),
    achievements: exactly(3, line("sentence").describe("A key achievement"), "key achievements").meta({
      title: "Key achievements",
    }),
    industries: exactly(
      3,
      refersTo(value("option", (s) => s).describe("An industry option value of form-options.yaml, like fintech"), {
        file: "form-options.yaml",
        at: "industry",
        value: "value",
        label: "label",
        noun: "industry",
        must: "a value of the inquiry form's industry options",
        list: "industry values in form-options.yaml",
        entry: "option",
      }),
      "industries (values of the inquiry form's industry options)",
    ).meta({ title: "Industries" }),
  })
  .describe("A senior consultant");

export const ConsultantsSchema = z
  .strictObject({
    consultants: z
      .array(ConsultantSchema)
      .min(1)
      .describe("The consultants, in the order shown")
      .meta({ title: "Consultants" }),
  })
  .describe("The firm's consultants");

export type Consultant = z.infer<typeof ConsultantSchema>;
export type Consultants = z.infer<typeof ConsultantsSchema>;
