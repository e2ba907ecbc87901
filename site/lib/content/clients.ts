// The clients module of each language (see ../content.ts).
import * as en from "../../generated/clients.ts";
import type { Locale } from "../locale.ts";

export type ClientsContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const clientsByLocale: Record<Locale, ClientsContent> = { en, de: en };
