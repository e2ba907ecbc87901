// The clients module of each language (see ../content.ts).

import * as en from "../../generated/clients.ts";
import * as de from "../../generated/de/clients.ts";
import type { Locale } from "../locale.ts";

export type ClientsContent = typeof en;

export const clientsByLocale: Record<Locale, ClientsContent> = { en, de };
