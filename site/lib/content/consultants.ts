// The consultants module of each language (see ../content.ts).
import * as en from "../../generated/consultants.ts";
import type { Locale } from "../locale.ts";

export type ConsultantsContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const consultantsByLocale: Record<Locale, ConsultantsContent> = { en, de: en };
