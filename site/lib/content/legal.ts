// The legal module of each language (see ../content.ts).
import * as en from "../../generated/legal.ts";
import type { Locale } from "../locale.ts";

export type LegalContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const legalByLocale: Record<Locale, LegalContent> = { en, de: en };

// What the browser needs of it: the notice beside the forms' button (a table of its own, so no script carries the whole notice).
import { formNotice } from "../../generated/legal.ts";

export const formNoticeByLocale: Record<Locale, typeof formNotice> = { en: formNotice, de: formNotice };
