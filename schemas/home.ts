import { z } from "zod";
import { Eyebrow, exactly, Heading, Lead, Link, line, Paragraphs, StatRef } from "./common.ts";

const Field = (what: string) =>
  z
    .strictObject({
      label: line("label").describe(`Label of the ${what} field`).meta({ title: "Label" }),
      placeholder: line("placeholder").describe(`Placeholder of the ${what} field`).meta({ title: "Placeholder" }),
    })
    .describe(`The ${what} field`);

export const HomeSchema = z
  .strictObject({
    hero: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: line("heading")
          .describe("The page's h1, \"Build with\" and the firm's name")
          .meta({ title: "Heading" }),
        lead: Lead,
        primary: Link.describe("Primary button").meta({ title: "Primary button" }),
        secondary: Link.describe("Secondary button").meta({ title: "Secondary button" }),
      })
      .describe("Hero")
      .meta({ title: "Opening section" }),
    about: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        paragraphs: Paragraphs,
        link: Link,
      })
      .describe("About Us")
      .meta({ title: "About us" }),
    people: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        lead: Lead,
        hint: line("label").describe("Hover hint on a consultant card").meta({ title: "Hint" }),
        link: Link,
      })
      .describe("Our People: the consultant cards come from consultants.yaml")
      .meta({ title: "People" }),
    clients: z
      .strictObject({ eyebrow: Eyebrow, lead: Lead })
      .describe("Clients: the heading and names come from clients.yaml")
      .meta({ title: "Clients" }),
    approach: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        columns: exactly(
          3,
          z.strictObject({
            title: line("heading").describe("Column title").meta({ title: "Title" }),
            text: line("sentence").describe("Column text").meta({ title: "Text" }),
          }),
          "columns",
        ).meta({ title: "Columns" }),
        link: Link,
      })
      .describe("Our Approach")
      .meta({ title: "Approach" }),
    results: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        stats: exactly(3, StatRef, "figures").meta({ title: "Figures" }),
      })
      .describe("Results: ids of figures in stats.yaml")
      .meta({ title: "Results" }),
    contact: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        lead: Lead,
        fields: z
          .strictObject({
            name: Field("name").meta({ title: "Name" }),
            email: Field("e-mail").meta({ title: "E-mail" }),
            company: Field("company").meta({ title: "Company" }),
            message: Field("message").meta({ title: "Message" }),
          })
          .describe("The contact block's fields")
          .meta({ title: "Fields" }),
        submit: line("button").describe("Submit button label").meta({ title: "Submit button" }),
      })
      .describe("The contact block")
      .meta({ title: "Contact" }),
  })
  .describe("The home page");

export type Home = z.infer<typeof HomeSchema>;
