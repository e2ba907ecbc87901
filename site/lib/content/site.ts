// The site module of each language (see ../content.ts).
import * as de from "../../generated/de/site.ts";
import * as en from "../../generated/site.ts";
import type { Locale } from "../locale.ts";

export type SiteContent = typeof en;

export const siteByLocale: Record<Locale, SiteContent> = { en, de };
