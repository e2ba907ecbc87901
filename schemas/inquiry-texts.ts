import { z } from "zod";
import { Link, Text } from "./common.ts";

const Template = (what: string) => Text.describe(`${what}; {label} is the field's label, {max} its length limit`);

export const InquiryTextsSchema = z
  .strictObject({
    sending: Text.describe("Submit button label while an inquiry is being sent"),
    errors: z
      .strictObject({
        summary: Text.describe("Heading of the list of errors shown when a form cannot be sent"),
        required: Template("A required field is empty"),
        email: Template("The e-mail address is not valid"),
        tooLong: Template("A field is too long"),
        choice: Template("A select has no valid option chosen"),
        characters: Template("A text holds control or text-direction characters (pasted, or sent by a script)"),
      })
      .describe("Error messages, shown next to the fields and in the summary"),
    sent: z
      .strictObject({
        heading: Text.describe("Heading of the confirmation"),
        text: Text.describe("Text under it"),
        steps: z.array(Text).min(1).describe("What happens next, in order"),
        link: Link.describe("Way on from the confirmation page"),
      })
      .describe("The confirmation after an inquiry is stored"),
    failed: z
      .strictObject({
        heading: Text.describe("Heading when sending failed"),
        network: Text.describe("When the server could not be reached"),
        server: Text.describe("When the server answered with an error"),
        rateLimited: Text.describe("When too many inquiries came from one network"),
        retry: Text.describe("Label of the retry button"),
        fallback: Text.describe("Text before the partners' e-mail address"),
      })
      .describe("What the visitor reads when sending failed"),
  })
  .describe("Texts of the inquiry forms' states");

export type InquiryTexts = z.infer<typeof InquiryTextsSchema>;
