import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, Slug, StatRef, Testimonial, Text } from "./common.ts";

export const PhaseSchema = z
  .strictObject({
    slug: Slug.describe("Stable id of the phase, used as its anchor"),
    title: Text.describe("Phase title"),
    summary: Text.describe("What the phase is for"),
    items: z.array(Text).min(1).describe("What the phase delivers"),
    claim: Text.optional().describe("A figure the phase claims, if any"),
    outcome: z
      .strictObject({ text: Text.describe("The outcome"), testimonial: Testimonial })
      .describe("Outcome box with a testimonial"),
  })
  .describe("One phase of the methodology");

export const ApproachSchema = z
  .strictObject({
    hero: Hero,
    labels: z
      .strictObject({
        phases: Text.describe("Accessible name of the list of phases"),
        phase: Text.describe('Word before a phase\'s number, read by screen readers ("Phase 1")'),
        outcome: Text.describe("Heading of each phase's outcome box"),
      })
      .describe("Labels used on every phase"),
    phases: exactly(5, PhaseSchema, "phases"),
    statsStrip: z
      .strictObject({ heading: Heading, stats: exactly(3, StatRef, "figures") })
      .describe("Stats strip: ids of figures in stats.yaml"),
    guarantee: z.strictObject({ heading: Heading, text: Text.describe("The guarantee") }).describe("Guarantee box"),
    cta: CallToAction,
  })
  .describe("What We Do page");

export type Approach = z.infer<typeof ApproachSchema>;
