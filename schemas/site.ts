import { z } from "zod";
import { choice, Email, figure, Link, line, NavLink, name, prose, value } from "./common.ts";

export const Route = value("route", (s) =>
  s.regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, { error: 'must be a route path like "/" or "/about"' }),
).describe("A route of the site");

export const SiteSchema = z
  .strictObject({
    firm: z
      .strictObject({
        name: name().describe("The firm's name as shown everywhere").meta({ title: "Name" }),
        legalName: name()
          .describe("The firm's full name, used in the copyright line and structured data")
          .meta({ title: "Legal name" }),
        tagline: line("heading").describe("One-line positioning statement").meta({ title: "Tagline" }),
        description: prose()
          .describe("One-paragraph description: footer and search results")
          .meta({ title: "Description" }),
        email: Email("partners@example.com").describe("The partners' e-mail address").meta({ title: "E-mail" }),
        baseUrl: value("url", (s) =>
          s
            .check(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL without a trailing slash" }))
            .regex(/^[^?#]*$/, { error: "must not have a query (?) or a fragment (#): the pages' addresses follow it" })
            .regex(/[^/]$/, { error: "must not end with a slash" }),
        )
          .describe("Public base URL of the site, for canonical links and the sitemap")
          .meta({ title: "Base URL" }),
        copyrightYear: z
          .int()
          .min(2000)
          .max(2100)
          .describe("Year in the copyright line")
          .meta({ title: "Copyright year" }),
        locale: choice(["en"]).describe("Language of the site's texts").meta({ title: "Language" }),
        origin: line("label").describe("Where the firm comes from and where it works").meta({ title: "Origin" }),
      })
      .describe("The firm")
      .meta({ title: "Firm" }),
    ui: z
      .strictObject({
        skipLink: line("label")
          .describe("The skip link, first thing a keyboard user reaches")
          .meta({ title: "Skip link" }),
        mainNav: line("label")
          .describe("Accessible name of the main navigation")
          .meta({ title: "Main navigation name" }),
        openMenu: line("label")
          .describe("Accessible name of the menu button on small screens")
          .meta({ title: "Open menu button" }),
        closeMenu: line("label")
          .describe("Accessible name of the button that closes that menu")
          .meta({ title: "Close menu button" }),
        languages: line("label")
          .describe("Accessible name of the language switcher")
          .meta({ title: "Language switcher name" }),
        untranslated: line("button")
          .describe(
            "The language switcher's note, in its own language, where this page has no translation and the link leads to the nearest page that has one",
          )
          .meta({ title: "Untranslated note" }),
      })
      .describe("Texts of the site's chrome, mostly read by screen readers")
      .meta({ title: "Interface texts" }),
    nav: z.array(NavLink).min(1).describe("Header navigation links, in order").meta({ title: "Navigation" }),
    footer: z
      .strictObject({
        columns: z
          .array(
            z.strictObject({
              title: line("label").describe("Column heading").meta({ title: "Title" }),
              links: z.array(NavLink).min(1).describe("Links in this column").meta({ title: "Links" }),
            }),
          )
          .length(2, { error: "must have exactly 2 columns (The Firm, Services)" })
          .describe("Footer link columns")
          .meta({ title: "Columns" }),
        legal: line("sentence").describe("Text after the copyright line").meta({ title: "Legal line" }),
        legalLabel: line("label")
          .describe("Accessible name of the legal links row (a navigation landmark)")
          .meta({ title: "Legal links name" }),
        legalLinks: z
          .array(NavLink)
          .min(2)
          .describe("Links in the footer's bottom row on every page, the 404 page included: imprint and privacy notice")
          .meta({ title: "Legal links" }),
      })
      .describe("The footer")
      .meta({ title: "Footer" }),
    pages: z
      .array(
        z.strictObject({
          path: Route.meta({ title: "Path" }),
          title: line("title").describe("The page's <title>").meta({ title: "Title" }),
          description: line("description")
            .describe("The page's meta description (search results, link previews)")
            .meta({ title: "Description" }),
          index: z
            .boolean()
            .optional()
            .describe("false keeps the page out of search engines and the sitemap (a confirmation page)")
            .meta({ title: "Indexed by search engines" }),
        }),
      )
      .min(1)
      .describe("Every route of the site with its title and description")
      .meta({ title: "Pages" }),
    inquiries: z
      .strictObject({
        endpoint: value("href", (s) =>
          s.regex(/^(?:\/[a-z0-9\-/]+|https:\/\/\S+)$/, {
            error: 'must be a path on this site like "/api/inquiries" or an https:// URL',
          }),
        )
          .describe("Where both forms send inquiries: this site's server, or another https endpoint")
          .meta({ title: "Endpoint" }),
      })
      .describe("Where inquiries go")
      .meta({ title: "Inquiries" }),
    notFound: z
      .strictObject({
        title: line("title").describe("<title> of the not-found page").meta({ title: "Title" }),
        code: figure().describe("The big status code shown").meta({ title: "Code" }),
        heading: line("heading").describe("Heading of the not-found page").meta({ title: "Heading" }),
        text: line("sentence").describe("Explanation under the heading").meta({ title: "Text" }),
        link: Link.describe("Way back").meta({ title: "Link" }),
      })
      .describe("The page shown for unknown paths")
      .meta({ title: "Not found page" }),
    unexpectedError: z
      .strictObject({
        title: line("title").describe("<title> of the error page").meta({ title: "Title" }),
        heading: line("heading").describe("Heading of the error page").meta({ title: "Heading" }),
        link: Link.describe("Way back").meta({ title: "Link" }),
      })
      .describe("The page shown for any other error")
      .meta({ title: "Error page" }),
  })
  .describe("The firm, its navigation and the site's pages");

export type Site = z.infer<typeof SiteSchema>;
