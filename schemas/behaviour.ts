import { z } from "zod";

const ms = (what: string) => z.int().min(0).max(600_000).describe(`${what}, in milliseconds`);
const px = (what: string) => z.int().min(0).max(2_000).describe(`${what}, in CSS pixels`);

export const BehaviourSchema = z
  .strictObject({
    header: z
      .strictObject({
        scrollThresholdPx: px("Scroll position above which scrolling up gives the header its scrolled look"),
      })
      .describe("The sticky header"),
    tooltip: z
      .strictObject({
        openDelayMs: ms("Hover time before a hint opens"),
        skipDelayMs: ms("Time after a hint closes during which the next one opens at once"),
        sideOffsetPx: px("Gap between a hint and what it points at"),
      })
      .describe("Hover hints"),
    retry: z
      .strictObject({
        attempts: z.int().min(1).max(10).describe("How many times a failed request is tried in all"),
        baseDelayMs: ms("Wait before the first retry"),
        factor: z.number().min(1).max(10).describe("Each wait is the previous one times this"),
        maxDelayMs: ms("Longest wait between two tries"),
      })
      .describe("Retry policy for requests the site makes"),
    form: z
      .strictObject({
        longTextMinHeightPx: px("Minimum height of multi-line form fields"),
      })
      .describe("Forms"),
  })
  .describe("Behaviour constants of the site");

export type Behaviour = z.infer<typeof BehaviourSchema>;
