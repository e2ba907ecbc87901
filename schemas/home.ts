import { z } from "zod";
import { Eyebrow, exactly, Heading, Lead, Link, line, Paragraphs, StatRef } from "./common.ts";

const Field = (what: string) =>
  z
    .strictObject({
      label: line("label").describe(`Label of the ${what} field`),
      placeholder: line("placeholder").describe(`Placeholder of the ${what} field`),
    })
    .describe(`The ${what} field`);

export const HomeSchema = z
  .strictObject({
    hero: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: line("heading").describe("The page's h1, \"Build with\" and the firm's name"),
        lead: Lead,
        primary: Link.describe("Primary button"),
        secondary: Link.describe("Secondary button"),
      })
      .describe("Hero"),
    about: z
      .strictObject({ eyebrow: Eyebrow, heading: Heading, paragraphs: Paragraphs, link: Link })
      .describe("About Us"),
    people: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        lead: Lead,
        hint: line("label").describe("Hover hint on a consultant card"),
        link: Link,
      })
      .describe("Our People: the consultant cards come from consultants.yaml"),
    clients: z
      .strictObject({ eyebrow: Eyebrow, lead: Lead })
      .describe("Clients: the heading and names come from clients.yaml"),
    approach: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        columns: exactly(
          3,
          z.strictObject({
            title: line("heading").describe("Column title"),
            text: line("sentence").describe("Column text"),
          }),
          "columns",
        ),
        link: Link,
      })
      .describe("Our Approach"),
    results: z
      .strictObject({ eyebrow: Eyebrow, heading: Heading, stats: exactly(3, StatRef, "figures") })
      .describe("Results: ids of figures in stats.yaml"),
    contact: z
      .strictObject({
        eyebrow: Eyebrow,
        heading: Heading,
        lead: Lead,
        fields: z
          .strictObject({
            name: Field("name"),
            email: Field("e-mail"),
            company: Field("company"),
            message: Field("message"),
          })
          .describe("The contact block's fields"),
        submit: line("button").describe("Submit button label"),
      })
      .describe("The contact block"),
  })
  .describe("The home page");

export type Home = z.infer<typeof HomeSchema>;
