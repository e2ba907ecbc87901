// The people module of each language (see ../content.ts).
import * as en from "../../generated/people.ts";
import type { Locale } from "../locale.ts";

export type PeopleContent = typeof en;

// Until the content side generates site/generated/de/ (C2), German pages show the English texts.
export const peopleByLocale: Record<Locale, PeopleContent> = { en, de: en };
