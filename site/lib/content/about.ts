// The about module of each language (see ../content.ts).

import * as en from "../../generated/about.ts";
import * as de from "../../generated/de/about.ts";
import type { Locale } from "../locale.ts";

export type AboutContent = typeof en;

export const aboutByLocale: Record<Locale, AboutContent> = { en, de };
