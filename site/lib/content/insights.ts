// The insights module of each language (see ../content.ts).
import * as de from "../../generated/de/insights.ts";
import * as en from "../../generated/insights.ts";
import type { Locale } from "../locale.ts";

export type InsightsContent = typeof en;

export const insightsByLocale: Record<Locale, InsightsContent> = { en, de };
