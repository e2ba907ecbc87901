// The inquiry module of each language (see ../content.ts).
import * as de from "../../generated/de/inquiry.ts";
import * as en from "../../generated/inquiry.ts";
import type { Locale } from "../locale.ts";

export type InquiryContent = typeof en;

export const inquiryByLocale: Record<Locale, InquiryContent> = { en, de };
