// The consultants module of each language (see ../content.ts).

import * as en from "../../generated/consultants.ts";
import * as de from "../../generated/de/consultants.ts";
import type { Locale } from "../locale.ts";

export type ConsultantsContent = typeof en;

export const consultantsByLocale: Record<Locale, ConsultantsContent> = { en, de };
