// The contact module of each language (see ../content.ts).
import * as en from "../../generated/contact.ts";
import type { Locale } from "../locale.ts";

export type ContactContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const contactByLocale: Record<Locale, ContactContent> = { en, de: en };
