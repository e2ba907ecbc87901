// The site module of each language (see ../content.ts): the header, footer,
// navigation, page titles and the other texts every page shows. Every page's
// script uses it, so another language's module is a chunk of its own
// (by-locale.ts): an English page carries no German texts. The loaders are
// generated from data/locales.yaml (site/generated/by-locale/site.lazy.ts).
import { loaded, loaders, type Texts } from "../../generated/by-locale/site.lazy.ts";
import { lazyTable } from "./by-locale.ts";

export type SiteContent = Texts;

export const siteTexts = lazyTable<SiteContent>("site", loaders, loaded);

export const siteByLocale = siteTexts.byLocale;
