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
    intro: z.strictObject({ paragraphs: Paragraphs }).describe("Introduction").meta({ title: "Introduction" }),
    partnership: z
      .strictObject({
        heading: Heading,
        paragraphs: Paragraphs,
        points: z
          .array(line("sentence").describe("A bullet point"))
          .min(1)
          .describe("Bullet points")
          .meta({ title: "Points" }),
      })
      .describe("Premium Partnership Model")
      .meta({ title: "Partnership" }),
    standards: z
      .strictObject({
        heading: Heading,
        items: exactly(
          4,
          z.strictObject({
            title: line("heading").describe("Standard").meta({ title: "Title" }),
            text: line("sentence").describe("What it means").meta({ title: "Text" }),
          }),
          "standards",
        ).meta({ title: "Items" }),
      })
      .describe("Our Standards, numbered")
      .meta({ title: "Standards" }),
    why: z
      .strictObject({
        heading: Heading,
        cards: exactly(
          6,
          z.strictObject({
            title: line("heading").describe("Card title").meta({ title: "Title" }),
            icon: choice(CARD_ICONS).describe("Icon shown on the card").meta({ title: "Icon" }),
            text: line("sentence").describe("Card text").meta({ title: "Text" }),
          }),
          "cards",
        ).meta({ title: "Cards" }),
      })
      .describe("Why SaaS scale-ups choose the firm")
      .meta({ title: "Why us" }),
    cta: CallToAction,
  })
  .describe("The Firm page");

export type About = z.infer<typeof AboutSchema>;
