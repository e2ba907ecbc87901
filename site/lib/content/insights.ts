// The insights module of each language (see ../content.ts).
import * as en from "../../generated/insights.ts";
import type { Locale } from "../locale.ts";

export type InsightsContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
// Until then no article counts as translated: a German article page exists only for a German article.
export const insightsByLocale: Record<Locale, InsightsContent> = { en, de: { ...en, articles: [] } };
