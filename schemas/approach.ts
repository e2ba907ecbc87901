import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, line, Slug, StatRef, Testimonial } from "./common.ts";

export const PhaseSchema = z
  .strictObject({
    slug: Slug.describe("Stable id of the phase, used as its anchor").meta({ title: "Slug" }),
    title: line("heading").describe("Phase title").meta({ title: "Title" }),
    summary: line("sentence").describe("What the phase is for").meta({ title: "Summary" }),
    items: z
      .array(line("sentence").describe("One thing the phase delivers"))
      .min(1)
      .describe("What the phase delivers")
      .meta({ title: "Items" }),
    claim: line("sentence").optional().describe("A figure the phase claims, if any").meta({ title: "Claimed figure" }),
    outcome: z
      .strictObject({
        text: line("sentence").describe("The outcome").meta({ title: "Text" }),
        testimonial: Testimonial,
      })
      .describe("Outcome box with a testimonial")
      .meta({ title: "Outcome" }),
  })
  .describe("One phase of the methodology");

export const ApproachSchema = z
  .strictObject({
    hero: Hero,
    labels: z
      .strictObject({
        phases: line("label").describe("Accessible name of the list of phases").meta({ title: "Phases" }),
        phase: line("label")
          .describe('Word before a phase\'s number, read by screen readers ("Phase 1")')
          .meta({ title: "Phase word" }),
        outcome: line("label").describe("Heading of each phase's outcome box").meta({ title: "Outcome" }),
      })
      .describe("Labels used on every phase")
      .meta({ title: "Labels" }),
    phases: exactly(5, PhaseSchema, "phases").meta({ title: "Phases" }),
    statsStrip: z
      .strictObject({
        heading: Heading,
        stats: exactly(3, StatRef, "figures").meta({ title: "Figures" }),
      })
      .describe("Stats strip: ids of figures in stats.yaml")
      .meta({ title: "Stats strip" }),
    guarantee: z
      .strictObject({
        heading: Heading,
        text: line("sentence").describe("The guarantee").meta({ title: "Text" }),
      })
      .describe("Guarantee box")
      .meta({ title: "Guarantee" }),
    cta: CallToAction,
  })
  .describe("What We Do page");

export type Approach = z.infer<typeof ApproachSchema>;
