import { z } from "zod";
import { refersTo } from "./references.ts";
import { line, name, prose, value } from "./text.ts";

export { choice, figure, fixed, line, name, prose, value } from "./text.ts";

/** Several paragraphs of prose. */
export const Paragraphs = z
  .array(prose().describe("A paragraph; may use {firm.name}, {firm.email}, {stats.<id>} and {retention.<key>}"))
  .min(1)
  .describe("Paragraphs, one list item each")
  .meta({ title: "Paragraphs" });

/** Lower-case, dash-separated id used in URLs and links. */
export const Slug = value("slug", (s) =>
  s.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "must be a slug: lower-case letters, digits and single dashes, like `jane-doe`",
  }),
).describe("Stable id used in URLs: lower-case letters, digits and dashes");

/**
 * An href in the data. Internal links are checked against the routes in
 * site.yaml by the cross-file rules; `#` alone is a placeholder (a warning).
 */
export const Href = value("href", (s) =>
  s.regex(/^(?:\/[a-z0-9\-/]*(?:#[a-z0-9-]+)?|#|mailto:\S+@\S+|https:\/\/\S+)$/, {
    error: 'must be a route like "/about", "/consultants#jane-doe", "#", "mailto:…" or "https://…"',
  }),
)
  .describe(
    'Link target: a route of the site ("/about"), a route with a fragment, "#" (placeholder), mailto: or https:',
  )
  .meta({ title: "Link target" });

/** An e-mail address. */
export const Email = (example: string) =>
  value("email", (s) => s.check(z.email({ error: `must be an e-mail address like ${example}` })));

/** A link: its label (a button's, or a navigation link's) and target. */
export function link(place: "button" | "nav" = "button") {
  return z
    .strictObject({
      label: line(place).describe("Visible link text").meta({ title: "Label" }),
      href: Href,
      placeholder: z
        .boolean()
        .optional()
        .describe('true marks a link that leads nowhere yet (href "#")')
        .meta({ title: "Placeholder" }),
    })
    .describe("A link: its label and target")
    .meta({ title: "Link" });
}
export const Link = link("button");
export const NavLink = link("nav");

/** A short heading block that opens a section. */
export const Eyebrow = line("label").describe("Small label above a section heading").meta({ title: "Eyebrow" });
export const Heading = line("heading").describe("Section heading").meta({ title: "Heading" });
export const Lead = line("sentence").describe("Introductory sentence or two under a heading").meta({ title: "Lead" });

/** A call to action with one primary and one secondary button. */
export const CallToAction = z
  .strictObject({
    heading: Heading,
    text: Lead.meta({ title: "Text" }),
    primary: Link.describe("Primary button").meta({ title: "Primary button" }),
    secondary: Link.describe("Secondary button").meta({ title: "Secondary button" }),
  })
  .describe("Closing call to action with two buttons")
  .meta({ title: "Call to action" });

export const Hero = z
  .strictObject({
    eyebrow: Eyebrow,
    heading: line("heading").describe("The page's main heading (its only h1)").meta({ title: "Heading" }),
    lead: Lead,
  })
  .describe("The page's opening section")
  .meta({ title: "Opening section" });

export const Step = z
  .strictObject({
    title: line("heading").describe("Step title").meta({ title: "Title" }),
    text: line("sentence").describe("What happens in this step").meta({ title: "Text" }),
  })
  .describe("One step of a process");

export const Testimonial = z
  .strictObject({
    quote: line("sentence").describe("The quote, without quotation marks").meta({ title: "Quote" }),
    author: name().describe("Who said it").meta({ title: "Author" }),
    role: line("label").describe("Their job title").meta({ title: "Role" }),
    company: name().describe("Their company").meta({ title: "Company" }),
  })
  .describe("A client's words about the work")
  .meta({ title: "Testimonial" });

/** Id of a figure in stats.yaml; checked by the cross-file rules. */
export const StatRef = refersTo(
  value("id", (s) =>
    s.regex(/^[a-zA-Z][a-zA-Z0-9]*$/, { error: "must be the id of a figure in stats.yaml, like `pipeline`" }),
  ).describe("Id of a figure in stats.yaml"),
  {
    file: "stats.yaml",
    at: "stats",
    label: "label",
    noun: "figure",
    must: "a figure of stats.yaml",
    list: "figures in stats.yaml",
  },
);

/** A list the spec fixes at exactly `n` entries. */
export function exactly<T extends z.ZodType>(n: number, item: T, what: string) {
  return z
    .array(item)
    .length(n, { error: `must have exactly ${n} ${what}` })
    .describe(`Exactly ${n} ${what}`);
}
