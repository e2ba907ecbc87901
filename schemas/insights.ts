import { z } from "zod";
import { fixed, Heading, Lead, line, Slug, value } from "./common.ts";
import { refersTo } from "./references.ts";
import { PLACES } from "./text.ts";

/** Limits the issue fixes for an article's front matter. */
export const TITLE_MAX = PLACES.articleTitle.max;
export const DESCRIPTION_MAX = PLACES.articleDescription.max;
export const TAGS_MAX = 3;
/** Articles per list page (/insights, /insights/page/<n>, /insights/tags/<tag>). */
export const ARTICLES_PER_PAGE = 24;

export const InsightTagSchema = z
  .strictObject({
    slug: Slug.describe("Stable id of the tag, used in /insights/tags/<slug> and in articles' `tags:`").meta({
      title: "Slug",
    }),
    label: line("label").describe("The tag as shown on the site").meta({ title: "Label" }),
    description: line("sentence")
      .describe("One sentence on what the tag covers (the tag page's lead)")
      .meta({ title: "Description" }),
  })
  .describe("One tag articles may carry");

/** data/insights.yaml: the Insights section's texts and its tags. */
export const InsightsSchema = z
  .strictObject({
    list: z
      .strictObject({
        title: line("title").describe("The <title> of /insights").meta({ title: "Title" }),
        description: line("description").describe("The meta description of /insights").meta({ title: "Description" }),
        eyebrow: line("label").describe("Small label above the list heading").meta({ title: "Eyebrow" }),
        heading: Heading,
        lead: Lead,
        empty: line("sentence").describe("Shown when no article is published yet").meta({ title: "No articles yet" }),
      })
      .describe("The list of articles at /insights")
      .meta({ title: "List page title" }),
    tagPage: z
      .strictObject({
        title: line("title", { placeholders: ["tag"] })
          .describe('The <title> of a tag page; {tag} is the tag\'s label, like "Articles on {tag}"')
          .meta({ title: "Title" }),
        heading: line("heading", { placeholders: ["tag"] })
          .describe("Heading of a tag page; {tag} is the tag's label")
          .meta({ title: "Heading" }),
        allLink: line("button").describe("Link back to all articles").meta({ title: "Link to all articles" }),
      })
      .describe("The page of one tag, /insights/tags/<tag>")
      .meta({ title: "Tag page title" }),
    pagination: z
      .strictObject({
        label: line("label").describe("Accessible name of the pagination navigation").meta({ title: "Label" }),
        newer: line("button")
          .describe("Link to the previous page (newer articles)")
          .meta({ title: "Newer articles link" }),
        older: line("button").describe("Link to the next page (older articles)").meta({ title: "Older articles link" }),
        page: line("label", { placeholders: ["page", "pages"] })
          .describe('Where the reader is; {page} and {pages} are numbers, like "Page {page} of {pages}"')
          .meta({ title: "Page" }),
      })
      .describe("Paging through the list")
      .meta({ title: "Pagination name" }),
    labels: z
      .strictObject({
        minRead: line("label").describe('After the reading time, like "5 min read"').meta({ title: "Minutes read" }),
        published: line("label").describe("Before the publication date").meta({ title: "Published label" }),
        updated: line("label").describe("Before the date of the last update").meta({ title: "Updated" }),
        by: line("label").describe('Before the author\'s name, like "By"').meta({ title: "Before the author" }),
        tags: line("label").describe("Accessible name of an article's tag list").meta({ title: "Tags" }),
        contents: line("label")
          .describe("Heading of the table of contents")
          .meta({ title: "Table of contents heading" }),
        related: line("label").describe("Heading of the related articles").meta({ title: "Related articles heading" }),
        moreFrom: line("label")
          .describe('Before a consultant\'s first name on their card, like "More from"')
          .meta({ title: "More from" }),
        headingAnchor: line("label")
          .describe("Accessible name of a heading's # link")
          .meta({ title: "Heading anchor name" }),
      })
      .describe("Labels on the list and article pages")
      .meta({ title: "Labels" }),
    cta: z
      .strictObject({
        heading: Heading,
        text: Lead.meta({ title: "Text" }),
        label: line("button").describe("The button's text").meta({ title: "Label" }),
        href: fixed("/contact").describe("Where the button goes: the contact page").meta({ title: "Link target" }),
      })
      .describe("The call to action under every article")
      .meta({ title: "Call to action" }),
    feed: z
      .strictObject({
        title: line("title").describe("The feed's title in feed readers").meta({ title: "Title" }),
        subtitle: line("description").describe("The feed's subtitle").meta({ title: "Subtitle" }),
        linkTitle: line("label")
          .describe("Title of the feed's <link rel=alternate> in the pages' head")
          .meta({ title: "Feed link title" }),
      })
      .describe("The Atom feed at /insights/feed.xml")
      .meta({ title: "Feed" }),
    readingWordsPerMinute: z
      .int()
      .min(100)
      .max(400)
      .describe("Words read per minute, for an article's reading time (rounded up, at least 1 minute)")
      .meta({ title: "Reading speed (words per minute)" }),
    articlesPerPage: z
      .int()
      .min(1)
      .max(100)
      .describe("Cards per list page (/insights, tag pages); each page must stay inside the 14 KB HTML budget")
      .meta({ title: "Articles per page" }),
    relatedArticles: z
      .int()
      .min(0)
      .max(12)
      .describe("Related articles shown under each article")
      .meta({ title: "Related articles" }),
    feedEntries: z.int().min(1).max(1000).describe("Newest articles in the Atom feed").meta({ title: "Feed entries" }),
    tags: z
      .array(InsightTagSchema)
      .min(1)
      .describe("The tags articles may carry, in the order tag lists show them")
      .meta({ title: "Tags" }),
  })
  .describe("The Insights section: its texts and its tags");

export type Insights = z.infer<typeof InsightsSchema>;

/** A calendar day written YYYY-MM-DD; whether the day exists is checked by the article rules. */
const Day = value("date", (s) =>
  s.regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD, like 2026-09-15" }),
).describe("A day written YYYY-MM-DD");

/**
 * The front matter of data/insights/<slug>.md. Calendar days are checked by
 * the article rules; the author and the tags name what exists, by their
 * `refersTo` (schemas/references.ts: the editor's pickers and the check,
 * with a did-you-mean).
 */
/** A file of the site's own (`/images/insights/cover.png`); where it is and what it is, the CLI checks. */
const ImagePath = value("href", (s) =>
  s.regex(/^\S+$/, { error: "write the image's path without spaces, like /images/insights/cover.png" }),
);

export const ArticleFrontMatterSchema = z
  .strictObject({
    title: line("articleTitle")
      .describe(`The article's title, its page's h1; at most ${TITLE_MAX} characters`)
      .meta({ title: "Title" }),
    description: line("articleDescription")
      .describe(`One or two sentences: the meta description and the card text; at most ${DESCRIPTION_MAX} characters`)
      .meta({ title: "Description" }),
    date: Day.describe("The day the article is published, YYYY-MM-DD").meta({ title: "Publication date" }),
    updated: Day.optional()
      .describe("The day of the last real change, YYYY-MM-DD; not before `date`")
      .meta({ title: "Updated" }),
    author: refersTo(Slug.describe("The slug of a consultant in data/consultants.yaml"), {
      file: "consultants.yaml",
      at: "consultants",
      value: "slug",
      label: "name",
      noun: "author",
      must: "a consultant in data/consultants.yaml",
      list: "consultant slugs",
    }).meta({ title: "Author" }),
    tags: z
      .array(
        refersTo(Slug, {
          file: "insights.yaml",
          at: "tags",
          value: "slug",
          label: "label",
          noun: "tag",
          must: "a tag of data/insights.yaml",
          list: "tags in data/insights.yaml",
        }),
      )
      .min(1, { error: "needs at least one tag" })
      .describe("one to three tags from data/insights.yaml")
      .meta({ title: "Tags" }),
    draft: z
      .boolean()
      .optional()
      .describe("true keeps the article off the site while it is written")
      .meta({ title: "Draft" }),
    image: ImagePath.optional()
      .describe(
        "Optional cover image for the article's social card: /images/insights/<file>.png or .jpg, at least 1200×630",
      )
      .meta({ title: "Cover image" }),
    imageAlt: line("sentence")
      .optional()
      .describe("What the cover image shows (its alt text); required with `image`")
      .meta({ title: "Cover image alt text" }),
  })
  .describe("An article's front matter");

export type ArticleFrontMatter = z.infer<typeof ArticleFrontMatterSchema>;

/**
 * The front matter of a translation, data/insights/<code>/<slug>.md: the
 * English original it translates (the same slug) and its translated texts;
 * date, author and tags are the original's.
 */
export const TranslatedFrontMatterSchema = z
  .strictObject({
    translationOf: Slug.describe(
      "The slug of the English article this translates: its file name in data/insights/",
    ).meta({ title: "Translation of" }),
    title: line("articleTitle")
      .describe(`The translated title; at most ${TITLE_MAX} characters`)
      .meta({ title: "Title" }),
    description: line("articleDescription")
      .describe(
        `The translated description: the meta description and the card text; at most ${DESCRIPTION_MAX} characters`,
      )
      .meta({ title: "Description" }),
    imageAlt: line("sentence")
      .optional()
      .describe("The translated alt text of the original's cover image; only where the original has `image`")
      .meta({ title: "Cover image alt text" }),
    draft: z
      .boolean()
      .optional()
      .describe("true keeps the translation off the site while it is written")
      .meta({ title: "Draft" }),
  })
  .describe("A translated article's front matter");

export type TranslatedFrontMatter = z.infer<typeof TranslatedFrontMatterSchema>;
