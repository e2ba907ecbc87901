// The form-options module of each language (see ../content.ts).
import * as de from "../../generated/de/form-options.ts";
import * as en from "../../generated/form-options.ts";
import type { Locale } from "../locale.ts";

export type FormOptionsContent = typeof en;

export const formOptionsByLocale: Record<Locale, FormOptionsContent> = { en, de };
