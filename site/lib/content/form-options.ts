// The form-options module of each language (see ../content.ts). Its table is
// generated from data/locales.yaml (site/generated/by-locale/): the languages
// are listed nowhere by hand.
import { byLocale, type Texts } from "../../generated/by-locale/form-options.ts";

export type FormOptionsContent = Texts;

export const formOptionsByLocale = byLocale;
