// The inquiry-schema module of each language (see ../content.ts).
import * as en from "../../generated/inquiry-schema.ts";
import type { Locale } from "../locale.ts";

export type InquirySchemaContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const inquirySchemaByLocale: Record<Locale, InquirySchemaContent> = { en, de: en };
