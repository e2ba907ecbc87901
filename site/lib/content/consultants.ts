// The consultants module of each language (see ../content.ts). Its table is
// generated from data/locales.yaml (site/generated/by-locale/): the languages
// are listed nowhere by hand.
import { byLocale, type Texts } from "../../generated/by-locale/consultants.ts";

export type ConsultantsContent = Texts;

export const consultantsByLocale = byLocale;
