// The inquiry-schema module of each language (see ../content.ts).
import * as de from "../../generated/de/inquiry-schema.ts";
import * as en from "../../generated/inquiry-schema.ts";
import type { Locale } from "../locale.ts";

export type InquirySchemaContent = typeof en;

export const inquirySchemaByLocale: Record<Locale, InquirySchemaContent> = { en, de };
