import { z } from "zod";
import { Heading, Lead, Slug, Text } from "./common.ts";

/** Limits the issue fixes for an article's front matter. */
export const TITLE_MAX = 90;
export const DESCRIPTION_MAX = 160;
export const TAGS_MAX = 3;
/** Articles per list page (/insights, /insights/page/<n>, /insights/tags/<tag>). */
export const ARTICLES_PER_PAGE = 24;

export const InsightTagSchema = z
  .strictObject({
    slug: Slug.describe("Stable id of the tag, used in /insights/tags/<slug> and in articles' `tags:`"),
    label: Text.describe("The tag as shown on the site"),
    description: Text.describe("One sentence on what the tag covers (the tag page's lead)"),
  })
  .describe("One tag articles may carry");

/** data/insights.yaml: the Insights section's texts and its tags. */
export const InsightsSchema = z
  .strictObject({
    list: z
      .strictObject({
        title: Text.describe("The <title> of /insights"),
        description: Text.describe("The meta description of /insights"),
        eyebrow: Text.describe("Small label above the list heading"),
        heading: Heading,
        lead: Lead,
        empty: Text.describe("Shown when no article is published yet"),
      })
      .describe("The list of articles at /insights"),
    tagPage: z
      .strictObject({
        title: Text.describe('The <title> of a tag page; {tag} is the tag\'s label, like "Articles on {tag}"'),
        heading: Text.describe("Heading of a tag page; {tag} is the tag's label"),
        allLink: Text.describe("Link back to all articles"),
      })
      .describe("The page of one tag, /insights/tags/<tag>"),
    pagination: z
      .strictObject({
        label: Text.describe("Accessible name of the pagination navigation"),
        newer: Text.describe("Link to the previous page (newer articles)"),
        older: Text.describe("Link to the next page (older articles)"),
        page: Text.describe('Where the reader is; {page} and {pages} are numbers, like "Page {page} of {pages}"'),
      })
      .describe("Paging through the list"),
    labels: z
      .strictObject({
        minRead: Text.describe('After the reading time, like "5 min read"'),
        published: Text.describe("Before the publication date"),
        updated: Text.describe("Before the date of the last update"),
        by: Text.describe('Before the author\'s name, like "By"'),
        tags: Text.describe("Accessible name of an article's tag list"),
        contents: Text.describe("Heading of the table of contents"),
        related: Text.describe("Heading of the related articles"),
        moreFrom: Text.describe('Before a consultant\'s first name on their card, like "More from"'),
        headingAnchor: Text.describe("Accessible name of a heading's # link"),
      })
      .describe("Labels on the list and article pages"),
    cta: z
      .strictObject({
        heading: Heading,
        text: Lead,
        label: Text.describe("The button's text"),
        href: z.literal("/contact").describe("Where the button goes: the contact page"),
      })
      .describe("The call to action under every article"),
    feed: z
      .strictObject({
        title: Text.describe("The feed's title in feed readers"),
        subtitle: Text.describe("The feed's subtitle"),
        linkTitle: Text.describe("Title of the feed's <link rel=alternate> in the pages' head"),
      })
      .describe("The Atom feed at /insights/feed.xml"),
    readingWordsPerMinute: z
      .int()
      .min(100)
      .max(400)
      .describe("Words read per minute, for an article's reading time (rounded up, at least 1 minute)"),
    articlesPerPage: z
      .int()
      .min(1)
      .max(100)
      .describe("Cards per list page (/insights, tag pages); each page must stay inside the 14 KB HTML budget"),
    relatedArticles: z.int().min(0).max(12).describe("Related articles shown under each article"),
    feedEntries: z.int().min(1).max(1000).describe("Newest articles in the Atom feed"),
    tags: z.array(InsightTagSchema).min(1).describe("The tags articles may carry, in the order tag lists show them"),
  })
  .describe("The Insights section: its texts and its tags");

export type Insights = z.infer<typeof InsightsSchema>;

/** A calendar day written YYYY-MM-DD; whether the day exists is checked by the article rules. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD, like 2026-09-15" })
  .describe("A day written YYYY-MM-DD");

/**
 * The front matter of data/insights/<slug>.md. Lengths, calendar days, the
 * author and the tags are checked by the article rules, which say more than a
 * schema can (by how many characters, did-you-mean, the valid tags).
 */
export const ArticleFrontMatterSchema = z
  .strictObject({
    title: Text.describe(`The article's title, its page's h1; at most ${TITLE_MAX} characters`),
    description: Text.describe(
      `One or two sentences: the meta description and the card text; at most ${DESCRIPTION_MAX} characters`,
    ),
    date: Day.describe("The day the article is published, YYYY-MM-DD"),
    updated: Day.optional().describe("The day of the last real change, YYYY-MM-DD; not before `date`"),
    author: Slug.describe("The slug of a consultant in data/consultants.yaml"),
    tags: z
      .array(Slug)
      .min(1, { error: "needs at least one tag" })
      .describe("one to three tags from data/insights.yaml"),
    draft: z.boolean().optional().describe("true keeps the article off the site while it is written"),
  })
  .describe("An article's front matter");

export type ArticleFrontMatter = z.infer<typeof ArticleFrontMatterSchema>;
