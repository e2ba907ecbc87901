// The route table every browser test runs against: one entry per route of
// spec §2, with what the visitor must get there. Every expected value is
// read from the generated content modules, never written out here; a text's
// phrase markers (`[ganzheitlich]{lang=de}`) read as its words, as the page shows them.
import { plainText } from "../../../schemas/phrases.ts";
import * as about from "../../../site/generated/about.ts";
import * as approach from "../../../site/generated/approach.ts";
import * as clients from "../../../site/generated/clients.ts";
import { consultants } from "../../../site/generated/consultants.ts";
import * as contact from "../../../site/generated/contact.ts";
import * as home from "../../../site/generated/home.ts";
import * as inquiry from "../../../site/generated/inquiry.ts";
import type { ArticleSummary } from "../../../site/generated/insights.ts";
import { imprint, privacy } from "../../../site/generated/legal.ts";
import * as people from "../../../site/generated/people.ts";
import { firm, notFound, pages } from "../../../site/generated/site.ts";
import { insightsRoutes } from "./insights-routes.ts";

export interface RouteCase {
  /** The path requested. */
  path: string;
  /** A file-name friendly name (screenshots, test titles). */
  name: string;
  /** The HTTP status the server answers with. */
  status: number;
  title: string;
  description: string;
  /** Text of the page's only h1. */
  h1: string;
  /** Text of every heading inside <main>, in document order (the spec's section order). */
  headings: string[];
  /** The canonical URL, or null for the error page (which has no URL of its own). */
  canonical: string | null;
  /** Whether search engines may index it (and the sitemap lists it). */
  index: boolean;
  /** The built file that is served for this route, relative to dist/client. */
  file: string;
  /** Open Graph type when not "website" (articles). */
  ogType?: "article";
  /** The article an Insights article page shows. */
  article?: ArticleSummary;
}

export const UNKNOWN_PATH = "/this-page-does-not-exist";

function page(path: string) {
  const meta = pages.find((p) => p.path === path);
  if (!meta) throw new Error(`bug in the test: no page ${path} in data/site.yaml`);
  return {
    title: meta.title,
    description: meta.description,
    canonical: `${firm.baseUrl}${path}`,
    index: !("index" in meta) || meta.index !== false,
  };
}

const table: RouteCase[] = [
  {
    path: "/",
    name: "home",
    status: 200,
    ...page("/"),
    h1: home.hero.heading,
    headings: [
      home.hero.heading,
      home.about.heading,
      home.people.heading,
      ...consultants.map((c) => c.name),
      clients.heading,
      home.approach.heading,
      ...home.approach.columns.map((c) => c.title),
      home.results.heading,
      home.contact.heading,
    ],
    file: "index.html",
  },
  {
    path: "/about",
    name: "about",
    status: 200,
    ...page("/about"),
    h1: about.hero.heading,
    headings: [
      about.hero.heading,
      about.partnership.heading,
      about.standards.heading,
      ...about.standards.items.map((i) => i.title),
      about.why.heading,
      ...about.why.cards.map((c) => c.title),
      about.cta.heading,
    ],
    file: "about/index.html",
  },
  {
    path: "/approach",
    name: "approach",
    status: 200,
    ...page("/approach"),
    h1: approach.hero.heading,
    headings: [
      approach.hero.heading,
      ...approach.phases.flatMap((phase, i) => [
        `${approach.labels.phase} ${i + 1}: ${phase.title}`,
        approach.labels.outcome,
      ]),
      approach.statsStrip.heading,
      approach.guarantee.heading,
      approach.cta.heading,
    ],
    file: "approach/index.html",
  },
  {
    path: "/consultants",
    name: "consultants",
    status: 200,
    ...page("/consultants"),
    h1: people.hero.heading,
    headings: [
      people.hero.heading,
      ...consultants.flatMap((c) => [c.name, people.card.expertise, people.card.achievements, people.card.industries]),
      people.standards.heading,
      people.standards.partnership.heading,
      people.match.heading,
      ...people.match.steps.map((s) => s.title),
      people.cta.heading,
    ],
    file: "consultants/index.html",
  },
  {
    path: "/contact",
    name: "contact",
    status: 200,
    ...page("/contact"),
    h1: contact.hero.heading,
    headings: [
      contact.hero.heading,
      contact.form.heading,
      contact.sidebar.next48.heading,
      ...contact.sidebar.next48.steps.map((s) => s.title),
      contact.sidebar.successStory.heading,
      contact.sidebar.direct.heading,
    ],
    file: "contact/index.html",
  },
  {
    // Where a form sent without JavaScript lands (data/site.yaml: index: false).
    path: "/contact/sent",
    name: "contact-sent",
    status: 200,
    ...page("/contact/sent"),
    h1: inquiry.sent.heading,
    headings: [inquiry.sent.heading],
    file: "contact/sent/index.html",
  },
  {
    path: "/imprint",
    name: "imprint",
    status: 200,
    ...page("/imprint"),
    h1: imprint.hero.heading,
    headings: [imprint.hero.heading, ...imprint.notes.map((note) => note.heading)],
    file: "imprint/index.html",
  },
  {
    path: "/privacy",
    name: "privacy",
    status: 200,
    ...page("/privacy"),
    h1: privacy.hero.heading,
    // Art. 13's items in the notice's order: controller, each processing, then the visitor's rights.
    headings: [
      privacy.hero.heading,
      privacy.glance.heading,
      privacy.controller.heading,
      privacy.inquiries.heading,
      privacy.abuse.heading,
      privacy.visits.heading,
      privacy.browser.heading,
      privacy.transfers.heading,
      privacy.rights.heading,
      privacy.complaint.heading,
      privacy.automated.heading,
    ],
    file: "privacy/index.html",
  },
  // The Insights list, a tag page and every article (support/insights-routes.ts).
  ...insightsRoutes,
  {
    path: UNKNOWN_PATH,
    name: "404",
    status: 404,
    title: notFound.title,
    description: notFound.text,
    // The visible "404" is decorative; the h1 carries it for screen readers.
    h1: `${notFound.code}: ${notFound.heading}`,
    headings: [`${notFound.code}: ${notFound.heading}`],
    canonical: null,
    index: false,
    file: "404.html",
  },
];

/** The table as the pages read: markers gone from the texts a visitor or the head shows. */
export const routes: RouteCase[] = table.map((r) => ({
  ...r,
  title: plainText(r.title),
  description: plainText(r.description),
  h1: plainText(r.h1),
  headings: r.headings.map(plainText),
}));

export const pageRoutes = routes.filter((r) => r.status === 200);

/** The routes search engines index: spec §2's five, the imprint, the privacy notice and the Insights pages. */
export const indexedRoutes = routes.filter((r) => r.index);

export function route(path: string): RouteCase {
  const found = routes.find((r) => r.path === path);
  if (!found) throw new Error(`bug in the test: no route ${path} in the table`);
  return found;
}

/** The two widths of spec §2: the phone layout (nav in a menu) and the desktop layout. */
export const widths = [
  { name: "phone", width: 375, height: 800 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/** "Daniel O'Connell" -> "DO": the first letter of the first and of the last word, as the cards show. */
export function expectedInitials(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? "";
  const last = words.length > 1 ? (words.at(-1) ?? "") : "";
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
