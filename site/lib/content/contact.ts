// The contact module of each language (see ../content.ts). Its table is
// generated from data/locales.yaml (site/generated/by-locale/): the languages
// are listed nowhere by hand.
import { byLocale, type Texts } from "../../generated/by-locale/contact.ts";

export type ContactContent = Texts;

export const contactByLocale = byLocale;
