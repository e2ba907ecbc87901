import { z } from "zod";
import { choice, Email, figure, Link, line, NavLink, name, prose, value } from "./common.ts";

export const Route = value("route", (s) =>
  s.regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, { error: 'must be a route path like "/" or "/about"' }),
).describe("A route of the site");

export const SiteSchema = z
  .strictObject({
    firm: z
      .strictObject({
        name: name().describe("The firm's name as shown everywhere"),
        legalName: name().describe("The firm's full name, used in the copyright line and structured data"),
        tagline: line("heading").describe("One-line positioning statement"),
        description: prose().describe("One-paragraph description: footer and search results"),
        email: Email("partners@example.com").describe("The partners' e-mail address"),
        baseUrl: value("url", (s) =>
          s
            .check(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL without a trailing slash" }))
            .regex(/^[^?#]*$/, { error: "must not have a query (?) or a fragment (#): the pages' addresses follow it" })
            .regex(/[^/]$/, { error: "must not end with a slash" }),
        ).describe("Public base URL of the site, for canonical links and the sitemap"),
        copyrightYear: z.int().min(2000).max(2100).describe("Year in the copyright line"),
        locale: choice(["en"]).describe("Language of the site's texts"),
        origin: line("label").describe("Where the firm comes from and where it works"),
      })
      .describe("The firm"),
    ui: z
      .strictObject({
        skipLink: line("label").describe("The skip link, first thing a keyboard user reaches"),
        mainNav: line("label").describe("Accessible name of the main navigation"),
        openMenu: line("label").describe("Accessible name of the menu button on small screens"),
        closeMenu: line("label").describe("Accessible name of the button that closes that menu"),
        languages: line("label").describe("Accessible name of the language switcher"),
        untranslated: line("button").describe(
          "The language switcher's note, in its own language, where this page has no translation and the link leads to the nearest page that has one",
        ),
      })
      .describe("Texts of the site's chrome, mostly read by screen readers"),
    nav: z.array(NavLink).min(1).describe("Header navigation links, in order"),
    footer: z
      .strictObject({
        columns: z
          .array(
            z.strictObject({
              title: line("label").describe("Column heading"),
              links: z.array(NavLink).min(1).describe("Links in this column"),
            }),
          )
          .length(2, { error: "must have exactly 2 columns (The Firm, Services)" })
          .describe("Footer link columns"),
        legal: line("sentence").describe("Text after the copyright line"),
        legalLabel: line("label").describe("Accessible name of the legal links row (a navigation landmark)"),
        legalLinks: z
          .array(NavLink)
          .min(2)
          .describe(
            "Links in the footer's bottom row on every page, the 404 page included: imprint and privacy notice",
          ),
      })
      .describe("The footer"),
    pages: z
      .array(
        z.strictObject({
          path: Route,
          title: line("title").describe("The page's <title>"),
          description: line("description").describe("The page's meta description (search results, link previews)"),
          index: z
            .boolean()
            .optional()
            .describe("false keeps the page out of search engines and the sitemap (a confirmation page)"),
        }),
      )
      .min(1)
      .describe("Every route of the site with its title and description"),
    inquiries: z
      .strictObject({
        endpoint: value("href", (s) =>
          s.regex(/^(?:\/[a-z0-9\-/]+|https:\/\/\S+)$/, {
            error: 'must be a path on this site like "/api/inquiries" or an https:// URL',
          }),
        ).describe("Where both forms send inquiries: this site's server, or another https endpoint"),
      })
      .describe("Where inquiries go"),
    notFound: z
      .strictObject({
        title: line("title").describe("<title> of the not-found page"),
        code: figure().describe("The big status code shown"),
        heading: line("heading").describe("Heading of the not-found page"),
        text: line("sentence").describe("Explanation under the heading"),
        link: Link.describe("Way back"),
      })
      .describe("The page shown for unknown paths"),
    unexpectedError: z
      .strictObject({
        title: line("title").describe("<title> of the error page"),
        heading: line("heading").describe("Heading of the error page"),
        link: Link.describe("Way back"),
      })
      .describe("The page shown for any other error"),
  })
  .describe("The firm, its navigation and the site's pages");

export type Site = z.infer<typeof SiteSchema>;
