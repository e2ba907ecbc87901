// The home module of each language (see ../content.ts).
import * as de from "../../generated/de/home.ts";
import * as en from "../../generated/home.ts";
import type { Locale } from "../locale.ts";

export type HomeContent = typeof en;

export const homeByLocale: Record<Locale, HomeContent> = { en, de };
