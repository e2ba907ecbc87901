import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, line, Slug, StatRef, Testimonial } from "./common.ts";

export const PhaseSchema = z
  .strictObject({
    slug: Slug.describe("Stable id of the phase, used as its anchor"),
    title: line("heading").describe("Phase title"),
    summary: line("sentence").describe("What the phase is for"),
    items: z
      .array(line("sentence").describe("One thing the phase delivers"))
      .min(1)
      .describe("What the phase delivers"),
    claim: line("sentence").optional().describe("A figure the phase claims, if any"),
    outcome: z
      .strictObject({ text: line("sentence").describe("The outcome"), testimonial: Testimonial })
      .describe("Outcome box with a testimonial"),
  })
  .describe("One phase of the methodology");

export const ApproachSchema = z
  .strictObject({
    hero: Hero,
    labels: z
      .strictObject({
        phases: line("label").describe("Accessible name of the list of phases"),
        phase: line("label").describe('Word before a phase\'s number, read by screen readers ("Phase 1")'),
        outcome: line("label").describe("Heading of each phase's outcome box"),
      })
      .describe("Labels used on every phase"),
    phases: exactly(5, PhaseSchema, "phases"),
    statsStrip: z
      .strictObject({ heading: Heading, stats: exactly(3, StatRef, "figures") })
      .describe("Stats strip: ids of figures in stats.yaml"),
    guarantee: z
      .strictObject({ heading: Heading, text: line("sentence").describe("The guarantee") })
      .describe("Guarantee box"),
    cta: CallToAction,
  })
  .describe("What We Do page");

export type Approach = z.infer<typeof ApproachSchema>;
