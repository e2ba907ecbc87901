import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, Lead, line, Paragraphs, Step } from "./common.ts";

export const PeopleSchema = z
  .strictObject({
    hero: Hero,
    card: z
      .strictObject({
        arrFocusSuffix: line("label").describe('Text after the ARR range on the badge, like " ARR Focus"'),
        expertise: line("label").describe("Heading of the expertise badges"),
        achievements: line("label").describe("Heading of the achievements list"),
        industries: line("label").describe("Heading of the industry badges"),
      })
      .describe("Labels on each consultant card"),
    standards: z
      .strictObject({
        heading: Heading,
        lead: Lead,
        items: z.array(line("sentence").describe("A qualification")).min(1).describe("Minimum qualifications"),
        partnership: z.strictObject({ heading: Heading, paragraphs: Paragraphs }).describe("Partnership approach"),
      })
      .describe("Selection standards"),
    match: z.strictObject({ heading: Heading, steps: exactly(3, Step, "steps") }).describe("Match process"),
    cta: CallToAction,
  })
  .describe("Our People page (/consultants)");

export type People = z.infer<typeof PeopleSchema>;
