import { z } from "zod";
import { line, value } from "./common.ts";

export const OptionValue = value("option", (s) =>
  s.regex(/^[a-z0-9]+(?:[-+][a-z0-9]*)*$/, {
    error: 'must be a non-empty, lower-case value of letters, digits, "-" and "+", like `head-sales` or `50m+`',
  }),
).describe("What is stored when the option is chosen");

export const SelectOption = z
  .strictObject({
    value: OptionValue.meta({ title: "Value" }),
    label: line("label").describe("What the visitor reads").meta({ title: "Label" }),
  })
  .describe("One option of a select");

const options = (what: string) => z.array(SelectOption).min(2).describe(`Options of the ${what} select, in order`);

export const FormOptionsSchema = z
  .strictObject({
    role: options("Your Role").meta({ title: "Role" }),
    arr: options("Current ARR").meta({ title: "Current ARR" }),
    industry: options("Industry").meta({ title: "Industry" }),
    timeline: options("Implementation Timeline").meta({ title: "Timeline" }),
  })
  .describe("Options of the inquiry form's selects");

export type FormOptions = z.infer<typeof FormOptionsSchema>;
export type SelectName = keyof FormOptions;
