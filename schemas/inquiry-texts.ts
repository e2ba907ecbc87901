import { z } from "zod";
import { Link, line } from "./common.ts";

const Template = (what: string) =>
  line("sentence", { placeholders: ["label", "max"] }).describe(
    `${what}; {label} is the field's label, {max} its length limit`,
  );

export const InquiryTextsSchema = z
  .strictObject({
    sending: line("button").describe("Submit button label while an inquiry is being sent"),
    errors: z
      .strictObject({
        summary: line("heading").describe("Heading of the list of errors shown when a form cannot be sent"),
        required: Template("A required field is empty"),
        email: Template("The e-mail address is not valid"),
        tooLong: Template("A field is too long"),
        choice: Template("A select has no valid option chosen"),
        characters: Template("A text holds control or text-direction characters (pasted, or sent by a script)"),
      })
      .describe("Error messages, shown next to the fields and in the summary"),
    sent: z
      .strictObject({
        heading: line("heading").describe("Heading of the confirmation"),
        text: line("sentence").describe("Text under it"),
        steps: z.array(line("sentence").describe("One step")).min(1).describe("What happens next, in order"),
        link: Link.describe("Way on from the confirmation page"),
      })
      .describe("The confirmation after an inquiry is stored"),
    failed: z
      .strictObject({
        heading: line("heading").describe("Heading when sending failed"),
        network: line("sentence").describe("When the server could not be reached"),
        server: line("sentence").describe("When the server answered with an error"),
        rateLimited: line("sentence").describe("When too many inquiries came from one network"),
        retry: line("button").describe("Label of the retry button"),
        fallback: line("sentence").describe("Text before the partners' e-mail address"),
      })
      .describe("What the visitor reads when sending failed"),
  })
  .describe("Texts of the inquiry forms' states");

export type InquiryTexts = z.infer<typeof InquiryTextsSchema>;
