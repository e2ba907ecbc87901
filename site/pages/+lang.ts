import type { PageContext } from "vike/types";
import { defaultLocale } from "../lib/locale.ts";

/** <html lang>: the page's language, from its URL (+onBeforeRoute.ts). */
export default (pageContext: PageContext) => pageContext.locale ?? defaultLocale;
