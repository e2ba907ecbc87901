// The site module of each language (see ../content.ts): the header, footer,
// navigation, page titles and the other texts every page shows. Every page's
// script uses it, so another language's module is a chunk of its own
// (by-locale.ts): an English page carries no German texts.
import * as en from "../../generated/site.ts";
import { lazyTable } from "./by-locale.ts";

export type SiteContent = typeof en;

export const siteTexts = lazyTable<SiteContent>(
  "site",
  { en: async () => en, de: () => import("../../generated/de/site.ts") },
  { en },
);

export const siteByLocale = siteTexts.byLocale;
