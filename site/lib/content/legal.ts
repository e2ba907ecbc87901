// The legal module of each language (see ../content.ts).
import * as de from "../../generated/de/legal.ts";
import { formNotice as formNoticeDe } from "../../generated/de/legal.ts";
import * as en from "../../generated/legal.ts";
import { formNotice } from "../../generated/legal.ts";
import type { Locale } from "../locale.ts";

export type LegalContent = typeof en;

export const legalByLocale: Record<Locale, LegalContent> = { en, de };

// What the browser needs of it: the notice beside the forms' button (a table of its own, so no script carries the whole notice).
export const formNoticeByLocale: Record<Locale, typeof formNotice> = { en: formNotice, de: formNoticeDe };
