// The stats module of each language (see ../content.ts).
import * as de from "../../generated/de/stats.ts";
import * as en from "../../generated/stats.ts";
import type { Locale } from "../locale.ts";

export type StatsContent = typeof en;

export const statsByLocale: Record<Locale, StatsContent> = { en, de };
