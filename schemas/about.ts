import { z } from "zod";
import { CallToAction, exactly, Heading, Hero, Paragraphs, Text } from "./common.ts";

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
        points: z.array(Text).min(1).describe("Bullet points"),
      })
      .describe("Premium Partnership Model"),
    standards: z
      .strictObject({
        heading: Heading,
        items: exactly(
          4,
          z.strictObject({ title: Text.describe("Standard"), text: Text.describe("What it means") }),
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
            title: Text.describe("Card title"),
            icon: z.enum(CARD_ICONS).describe("Icon shown on the card"),
            text: Text.describe("Card text"),
          }),
          "cards",
        ),
      })
      .describe("Why SaaS scale-ups choose the firm"),
    cta: CallToAction,
  })
  .describe("The Firm page");

export type About = z.infer<typeof AboutSchema>;
