// The site module of each language (see ../content.ts).
import * as en from "../../generated/site.ts";
import type { Locale } from "../locale.ts";

export type SiteContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const siteByLocale: Record<Locale, SiteContent> = { en, de: en };
