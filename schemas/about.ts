import { z } from "zod";
import { CallToAction, choice, exactly, Heading, Hero, line, Paragraphs } from "./common.ts";

/** Icons a card may use; the site maps each to a lucide-react icon. */
export const CARD_ICONS = [
  "cloud",
  "trending-up",
  "handshake",
  "layers",
  "network",
  "globe",
  "target",
  "users",
] as const;

export const AboutSchema = z
  .strictObject({
    hero: Hero,
    intro: z.strictObject({ paragraphs: Paragraphs }).describe("Introduction"),
    partnership: z
      .strictObject({
        heading: Heading,
        paragraphs: Paragraphs,
        points: z.array(line("sentence").describe("A bullet point")).min(1).describe("Bullet points"),
      })
      .describe("Premium Partnership Model"),
    standards: z
      .strictObject({
        heading: Heading,
        items: exactly(
          4,
          z.strictObject({
            title: line("heading").describe("Standard"),
            text: line("sentence").describe("What it means"),
          }),
          "standards",
        ),
      })
      .describe("Our Standards, numbered"),
    why: z
      .strictObject({
        heading: Heading,
        cards: exactly(
          6,
          z.strictObject({
            title: line("heading").describe("Card title"),
            icon: choice(CARD_ICONS).describe("Icon shown on the card"),
            text: line("sentence").describe("Card text"),
          }),
          "cards",
        ),
      })
      .describe("Why SaaS scale-ups choose the firm"),
    cta: CallToAction,
  })
  .describe("The Firm page");

export type About = z.infer<typeof AboutSchema>;
