// The inquiry module of each language (see ../content.ts): the forms' and
// the sent page's texts. A page of any language may show them, so another
// language's module is a chunk of its own (by-locale.ts).
import * as en from "../../generated/inquiry.ts";
import { lazyTable } from "./by-locale.ts";

export type InquiryContent = typeof en;

export const inquiryTexts = lazyTable<InquiryContent>(
  "inquiry",
  { en: async () => en, de: () => import("../../generated/de/inquiry.ts") },
  { en },
);

export const inquiryByLocale = inquiryTexts.byLocale;
