import { z } from "zod";
import { Link, line } from "./common.ts";

const Template = (what: string) =>
  line("sentence", { placeholders: ["label", "max"] }).describe(
    `${what}; {label} is the field's label, {max} its length limit`,
  );

export const InquiryTextsSchema = z
  .strictObject({
    sending: line("button")
      .describe("Submit button label while an inquiry is being sent")
      .meta({ title: "Sending label" }),
    errors: z
      .strictObject({
        summary: line("heading")
          .describe("Heading of the list of errors shown when a form cannot be sent")
          .meta({ title: "Summary" }),
        required: Template("A required field is empty").meta({ title: "Required" }),
        email: Template("The e-mail address is not valid").meta({ title: "E-mail" }),
        tooLong: Template("A field is too long").meta({ title: "Too long" }),
        choice: Template("A select has no valid option chosen").meta({ title: "No option chosen" }),
        characters: Template("A text holds control or text-direction characters (pasted, or sent by a script)").meta({
          title: "Refused characters",
        }),
      })
      .describe("Error messages, shown next to the fields and in the summary")
      .meta({ title: "Errors heading" }),
    sent: z
      .strictObject({
        heading: line("heading").describe("Heading of the confirmation").meta({ title: "Heading" }),
        text: line("sentence").describe("Text under it").meta({ title: "Text" }),
        steps: z
          .array(line("sentence").describe("One step"))
          .min(1)
          .describe("What happens next, in order")
          .meta({ title: "Steps" }),
        link: Link.describe("Way on from the confirmation page").meta({ title: "Link" }),
      })
      .describe("The confirmation after an inquiry is stored")
      .meta({ title: "Sent" }),
    failed: z
      .strictObject({
        heading: line("heading").describe("Heading when sending failed").meta({ title: "Heading" }),
        network: line("sentence").describe("When the server could not be reached").meta({ title: "Network error" }),
        server: line("sentence").describe("When the server answered with an error").meta({ title: "Server error" }),
        rateLimited: line("sentence")
          .describe("When too many inquiries came from one network")
          .meta({ title: "Rate limited" }),
        retry: line("button").describe("Label of the retry button").meta({ title: "Retry" }),
        fallback: line("sentence")
          .describe("Text before the partners' e-mail address")
          .meta({ title: "Fallback text" }),
      })
      .describe("What the visitor reads when sending failed")
      .meta({ title: "Sending failed" }),
  })
  .describe("Texts of the inquiry forms' states");

export type InquiryTexts = z.infer<typeof InquiryTextsSchema>;
