import { z } from "zod";
import { exactly, Heading, Lead, Step, Text } from "./common.ts";

const Field = (what: string, placeholder: boolean) =>
  z
    .strictObject({
      label: Text.describe(`Label of the ${what} field`),
      ...(placeholder ? { placeholder: Text.describe(`Placeholder of the ${what} field`) } : {}),
    })
    .describe(`The ${what} field`);

export const ContactSchema = z
  .strictObject({
    hero: z
      .strictObject({
        eyebrow: Text.describe("Small label above the heading"),
        heading: Text.describe("The page's h1"),
        lead: Lead,
        flow: exactly(4, Text, "steps of the first 48 hours"),
      })
      .describe("Hero with the 48-hour flow"),
    form: z
      .strictObject({
        heading: Heading,
        lead: Lead,
        requiredNote: Text.describe("Explains the required mark"),
        selectPlaceholder: Text.describe("Shown in a select before an option is chosen"),
        fields: z
          .strictObject({
            name: Field("Full Name", true),
            email: Field("Email Address", true),
            company: Field("Company Name", true),
            role: Field("Your Role", false),
            arr: Field("Current ARR", false),
            industry: Field("Industry", false),
            challenges: Field("Current Sales Challenges", true),
            objectives: Field("Growth Objectives", true),
            timeline: Field("Implementation Timeline", false),
          })
          .describe("The inquiry form's fields"),
        submit: Text.describe("Submit button label"),
      })
      .describe("The inquiry form card"),
    sidebar: z
      .strictObject({
        next48: z.strictObject({ heading: Heading, steps: exactly(3, Step, "steps") }).describe("Your next 48 hours"),
        successStory: z
          .strictObject({
            heading: Heading,
            quote: Text.describe("The client's words"),
            author: Text.describe("Who said it"),
            role: Text.describe("Their job title"),
            company: Text.describe("Their company"),
            result: Text.describe("The result, in one line"),
          })
          .describe("A success story"),
        direct: z
          .strictObject({
            heading: Heading,
            emailLabel: Text.describe("Label before the partners' e-mail address"),
            response: Text.describe("Response-time promise"),
            confidentiality: Text.describe("Confidentiality promise"),
          })
          .describe("Direct contact"),
      })
      .describe("The sidebar"),
  })
  .describe("Contact page");

export type Contact = z.infer<typeof ContactSchema>;
