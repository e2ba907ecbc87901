// The contact module of each language (see ../content.ts).

import * as en from "../../generated/contact.ts";
import * as de from "../../generated/de/contact.ts";
import type { Locale } from "../locale.ts";

export type ContactContent = typeof en;

export const contactByLocale: Record<Locale, ContactContent> = { en, de };
