// Environment: server and browser. The one place the site reaches a
// language's generated content (docs/i18n.md, C2): the modules of
// site/generated/ for the default language, those of site/generated/<code>/
// (the same exports, the language's texts merged over the English data) for
// the others. Each module's languages are a table of their own
// (site/lib/content/<name>.ts), so a page's script carries only the modules
// its components use; `content(locale)` gathers them all for server code.
import { aboutByLocale } from "./content/about.ts";
import { approachByLocale } from "./content/approach.ts";
import { clientsByLocale } from "./content/clients.ts";
import { consultantsByLocale } from "./content/consultants.ts";
import { contactByLocale } from "./content/contact.ts";
import { formOptionsByLocale } from "./content/form-options.ts";
import { homeByLocale } from "./content/home.ts";
import { inquiryByLocale, inquiryTexts } from "./content/inquiry.ts";
import { inquirySchemaByLocale } from "./content/inquiry-schema.ts";
import { insightsByLocale } from "./content/insights.ts";
import { legalByLocale } from "./content/legal.ts";
import { peopleByLocale } from "./content/people.ts";
import { siteByLocale, siteTexts } from "./content/site.ts";
import { statsByLocale } from "./content/stats.ts";
import { defaultLocale, type Locale, locales } from "./locale.ts";

// Server code reads every language at once: the tables whose other languages are chunks of their
// own (content/by-locale.ts) have all of them loaded before anything uses this module.
await Promise.all([siteTexts, inquiryTexts].flatMap((table) => locales.map((l) => table.load(l.code))));

const tables = {
  about: aboutByLocale,
  approach: approachByLocale,
  clients: clientsByLocale,
  consultants: consultantsByLocale,
  contact: contactByLocale,
  formOptions: formOptionsByLocale,
  home: homeByLocale,
  inquiry: inquiryByLocale,
  inquirySchema: inquirySchemaByLocale,
  insights: insightsByLocale,
  legal: legalByLocale,
  people: peopleByLocale,
  site: siteByLocale,
  stats: statsByLocale,
};

export type Content = { [K in keyof typeof tables]: (typeof tables)[K][Locale] };

const cache = new Map<Locale, Content>();

/** Every generated module of `locale`. For server code; a component takes its module's table (useTexts). */
export function content(locale: Locale = defaultLocale): Content {
  let found = cache.get(locale);
  if (!found) {
    found = Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table[locale]])) as Content;
    cache.set(locale, found);
  }
  return found;
}
