// The approach module of each language (see ../content.ts).
import * as en from "../../generated/approach.ts";
import type { Locale } from "../locale.ts";

export type ApproachContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const approachByLocale: Record<Locale, ApproachContent> = { en, de: en };
