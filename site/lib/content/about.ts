// The about module of each language (see ../content.ts).
import * as en from "../../generated/about.ts";
import type { Locale } from "../locale.ts";

export type AboutContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const aboutByLocale: Record<Locale, AboutContent> = { en, de: en };
