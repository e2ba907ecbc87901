// The legal module of each language (see ../content.ts). Its tables are
// generated from data/locales.yaml (site/generated/by-locale/): the languages
// are listed nowhere by hand.
import { byLocale, formNotice, type Texts } from "../../generated/by-locale/legal.ts";

export type LegalContent = Texts;

export const legalByLocale = byLocale;

// What the browser needs of it: the notice beside the forms' button (a table of its own, so no script carries the whole notice).
export const formNoticeByLocale = formNotice;
