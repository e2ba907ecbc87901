import { z } from "zod";

/** A line of text shown on the site. May contain {firm.x}, {stats.x} and {retention.x} tokens. */
export const Text = z
  .string()
  .regex(/\S/, { error: "must not be empty" })
  .describe("Text shown on the site; may use {firm.name}, {firm.email}, {stats.<id>} and {retention.<key>}");

/** Several paragraphs of prose. */
export const Paragraphs = z.array(Text).min(1).describe("Paragraphs, one list item each");

/** Lower-case, dash-separated id used in URLs and links. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "must be a slug: lower-case letters, digits and single dashes, like `jane-doe`",
  })
  .describe("Stable id used in URLs: lower-case letters, digits and dashes");

/**
 * An href in the data. Internal links are checked against the routes in
 * site.yaml by the cross-file rules; `#` alone is a placeholder (a warning).
 */
export const Href = z
  .string()
  .regex(/^(?:\/[a-z0-9\-/]*(?:#[a-z0-9-]+)?|#|mailto:\S+@\S+|https:\/\/\S+)$/, {
    error: 'must be a route like "/about", "/consultants#jane-doe", "#", "mailto:…" or "https://…"',
  })
  .describe(
    'Link target: a route of the site ("/about"), a route with a fragment, "#" (placeholder), mailto: or https:',
  );

export const Link = z
  .strictObject({
    label: Text.describe("Visible link text"),
    href: Href,
    placeholder: z.boolean().optional().describe('true marks a link that leads nowhere yet (href "#")'),
  })
  .describe("A link: its label and target");

/** A short heading block that opens a section. */
export const Eyebrow = Text.describe("Small label above a section heading");
export const Heading = Text.describe("Section heading");
export const Lead = Text.describe("Introductory sentence or two under a heading");

/** A call to action with one primary and one secondary button. */
export const CallToAction = z
  .strictObject({
    heading: Heading,
    text: Lead,
    primary: Link.describe("Primary button"),
    secondary: Link.describe("Secondary button"),
  })
  .describe("Closing call to action with two buttons");

export const Hero = z
  .strictObject({
    eyebrow: Eyebrow,
    heading: Text.describe("The page's main heading (its only h1)"),
    lead: Lead,
  })
  .describe("The page's opening section");

export const Step = z
  .strictObject({
    title: Text.describe("Step title"),
    text: Text.describe("What happens in this step"),
  })
  .describe("One step of a process");

export const Testimonial = z
  .strictObject({
    quote: Text.describe("The quote, without quotation marks"),
    author: Text.describe("Who said it"),
    role: Text.describe("Their job title"),
    company: Text.describe("Their company"),
  })
  .describe("A client's words about the work");

/** Id of a figure in stats.yaml; checked by the cross-file rules. */
export const StatRef = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9]*$/, { error: "must be the id of a figure in stats.yaml, like `pipeline`" })
  .describe("Id of a figure in stats.yaml");

/** A list the spec fixes at exactly `n` entries. */
export function exactly<T extends z.ZodType>(n: number, item: T, what: string) {
  return z
    .array(item)
    .length(n, { error: `must have exactly ${n} ${what}` })
    .describe(`Exactly ${n} ${what}`);
}
