import { z } from "zod";
import { exactly, Heading, Lead, line, name, Step } from "./common.ts";

const Field = (what: string, placeholder: boolean) =>
  z
    .strictObject({
      label: line("label").describe(`Label of the ${what} field`).meta({ title: "Label" }),
      ...(placeholder
        ? {
            placeholder: line("placeholder")
              .describe(`Placeholder of the ${what} field`)
              .meta({ title: "Placeholder" }),
          }
        : {}),
    })
    .describe(`The ${what} field`);

export const ContactSchema = z
  .strictObject({
    hero: z
      .strictObject({
        eyebrow: line("label").describe("Small label above the heading").meta({ title: "Eyebrow" }),
        heading: line("heading").describe("The page's h1").meta({ title: "Heading" }),
        lead: Lead,
        flow: exactly(4, line("label").describe("A step of the first 48 hours"), "steps of the first 48 hours").meta({
          title: "Flow",
        }),
      })
      .describe("Hero with the 48-hour flow")
      .meta({ title: "Opening section" }),
    form: z
      .strictObject({
        heading: Heading,
        lead: Lead,
        requiredNote: line("sentence").describe("Explains the required mark").meta({ title: "Required note" }),
        selectPlaceholder: line("label")
          .describe("Shown in a select before an option is chosen")
          .meta({ title: "Select placeholder" }),
        fields: z
          .strictObject({
            name: Field("Full Name", true).meta({ title: "Name" }),
            email: Field("Email Address", true).meta({ title: "E-mail" }),
            company: Field("Company Name", true).meta({ title: "Company" }),
            role: Field("Your Role", false).meta({ title: "Role" }),
            arr: Field("Current ARR", false).meta({ title: "Current ARR" }),
            industry: Field("Industry", false).meta({ title: "Industry" }),
            challenges: Field("Current Sales Challenges", true).meta({ title: "Sales challenges" }),
            objectives: Field("Growth Objectives", true).meta({ title: "Growth objectives" }),
            timeline: Field("Implementation Timeline", false).meta({ title: "Timeline" }),
          })
          .describe("The inquiry form's fields")
          .meta({ title: "Fields" }),
        submit: line("button").describe("Submit button label").meta({ title: "Submit button" }),
      })
      .describe("The inquiry form card")
      .meta({ title: "Form" }),
    sidebar: z
      .strictObject({
        next48: z
          .strictObject({
            heading: Heading,
            steps: exactly(3, Step, "steps").meta({ title: "Steps" }),
          })
          .describe("Your next 48 hours")
          .meta({ title: "Your next 48 hours" }),
        successStory: z
          .strictObject({
            heading: Heading,
            quote: line("sentence").describe("The client's words").meta({ title: "Quote" }),
            author: name().describe("Who said it").meta({ title: "Author" }),
            role: line("label").describe("Their job title").meta({ title: "Role" }),
            company: name().describe("Their company").meta({ title: "Company" }),
            result: line("sentence").describe("The result, in one line").meta({ title: "Result" }),
          })
          .describe("A success story")
          .meta({ title: "Success story" }),
        direct: z
          .strictObject({
            heading: Heading,
            emailLabel: line("label")
              .describe("Label before the partners' e-mail address")
              .meta({ title: "E-mail label" }),
            response: line("sentence").describe("Response-time promise").meta({ title: "Response time" }),
            confidentiality: line("sentence").describe("Confidentiality promise").meta({ title: "Confidentiality" }),
          })
          .describe("Direct contact")
          .meta({ title: "Direct e-mail label" }),
      })
      .describe("The sidebar")
      .meta({ title: "Sidebar" }),
  })
  .describe("Contact page");

export type Contact = z.infer<typeof ContactSchema>;
