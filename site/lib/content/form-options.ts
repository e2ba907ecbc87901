// The form-options module of each language (see ../content.ts).
import * as en from "../../generated/form-options.ts";
import type { Locale } from "../locale.ts";

export type FormOptionsContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const formOptionsByLocale: Record<Locale, FormOptionsContent> = { en, de: en };
