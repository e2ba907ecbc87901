import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, Lead, line, Paragraphs, Step } from "./common.ts";

export const PeopleSchema = z
  .strictObject({
    hero: Hero,
    card: z
      .strictObject({
        arrFocusSuffix: line("label")
          .describe('Text after the ARR range on the badge, like " ARR Focus"')
          .meta({ title: "After the ARR range" }),
        expertise: line("label").describe("Heading of the expertise badges").meta({ title: "Areas of expertise" }),
        achievements: line("label").describe("Heading of the achievements list").meta({ title: "Key achievements" }),
        industries: line("label").describe("Heading of the industry badges").meta({ title: "Industries" }),
      })
      .describe("Labels on each consultant card")
      .meta({ title: "Card" }),
    standards: z
      .strictObject({
        heading: Heading,
        lead: Lead,
        items: z
          .array(line("sentence").describe("A qualification"))
          .min(1)
          .describe("Minimum qualifications")
          .meta({ title: "Items" }),
        partnership: z
          .strictObject({
            heading: Heading,
            paragraphs: Paragraphs,
          })
          .describe("Partnership approach")
          .meta({ title: "Partnership" }),
      })
      .describe("Selection standards")
      .meta({ title: "Standards" }),
    match: z
      .strictObject({
        heading: Heading,
        steps: exactly(3, Step, "steps").meta({ title: "Steps" }),
      })
      .describe("Match process")
      .meta({ title: "Match process" }),
    cta: CallToAction,
  })
  .describe("Our People page (/consultants)");

export type People = z.infer<typeof PeopleSchema>;
