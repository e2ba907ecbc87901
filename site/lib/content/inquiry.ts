// The inquiry module of each language (see ../content.ts).
import * as en from "../../generated/inquiry.ts";
import type { Locale } from "../locale.ts";

export type InquiryContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const inquiryByLocale: Record<Locale, InquiryContent> = { en, de: en };
