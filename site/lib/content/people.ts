// The people module of each language (see ../content.ts).
import * as de from "../../generated/de/people.ts";
import * as en from "../../generated/people.ts";
import type { Locale } from "../locale.ts";

export type PeopleContent = typeof en;

export const peopleByLocale: Record<Locale, PeopleContent> = { en, de };
