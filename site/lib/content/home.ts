// The home module of each language (see ../content.ts).
import * as en from "../../generated/home.ts";
import type { Locale } from "../locale.ts";

export type HomeContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const homeByLocale: Record<Locale, HomeContent> = { en, de: en };
