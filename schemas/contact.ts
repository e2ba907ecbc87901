import { z } from "zod";
import { exactly, Heading, Lead, line, name, Step } from "./common.ts";

const Field = (what: string, placeholder: boolean) =>
  z
    .strictObject({
      label: line("label").describe(`Label of the ${what} field`),
      ...(placeholder ? { placeholder: line("placeholder").describe(`Placeholder of the ${what} field`) } : {}),
    })
    .describe(`The ${what} field`);

export const ContactSchema = z
  .strictObject({
    hero: z
      .strictObject({
        eyebrow: line("label").describe("Small label above the heading"),
        heading: line("heading").describe("The page's h1"),
        lead: Lead,
        flow: exactly(4, line("label").describe("A step of the first 48 hours"), "steps of the first 48 hours"),
      })
      .describe("Hero with the 48-hour flow"),
    form: z
      .strictObject({
        heading: Heading,
        lead: Lead,
        requiredNote: line("sentence").describe("Explains the required mark"),
        selectPlaceholder: line("label").describe("Shown in a select before an option is chosen"),
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
        submit: line("button").describe("Submit button label"),
      })
      .describe("The inquiry form card"),
    sidebar: z
      .strictObject({
        next48: z.strictObject({ heading: Heading, steps: exactly(3, Step, "steps") }).describe("Your next 48 hours"),
        successStory: z
          .strictObject({
            heading: Heading,
            quote: line("sentence").describe("The client's words"),
            author: name().describe("Who said it"),
            role: line("label").describe("Their job title"),
            company: name().describe("Their company"),
            result: line("sentence").describe("The result, in one line"),
          })
          .describe("A success story"),
        direct: z
          .strictObject({
            heading: Heading,
            emailLabel: line("label").describe("Label before the partners' e-mail address"),
            response: line("sentence").describe("Response-time promise"),
            confidentiality: line("sentence").describe("Confidentiality promise"),
          })
          .describe("Direct contact"),
      })
      .describe("The sidebar"),
  })
  .describe("Contact page");

export type Contact = z.infer<typeof ContactSchema>;
