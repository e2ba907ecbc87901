// The approach module of each language (see ../content.ts).

import * as en from "../../generated/approach.ts";
import * as de from "../../generated/de/approach.ts";
import type { Locale } from "../locale.ts";

export type ApproachContent = typeof en;

export const approachByLocale: Record<Locale, ApproachContent> = { en, de };
