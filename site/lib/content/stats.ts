// The stats module of each language (see ../content.ts).
import * as en from "../../generated/stats.ts";
import type { Locale } from "../locale.ts";

export type StatsContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const statsByLocale: Record<Locale, StatsContent> = { en, de: en };
