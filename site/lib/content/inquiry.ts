// The inquiry module of each language (see ../content.ts): the forms' and
// the sent page's texts. A page of any language may show them, so another
// language's module is a chunk of its own (by-locale.ts). The loaders are
// generated from data/locales.yaml (site/generated/by-locale/inquiry.lazy.ts).
import { loaded, loaders, type Texts } from "../../generated/by-locale/inquiry.lazy.ts";
import { lazyTable } from "./by-locale.ts";

export type InquiryContent = Texts;

export const inquiryTexts = lazyTable<InquiryContent>("inquiry", loaders, loaded);

export const inquiryByLocale = inquiryTexts.byLocale;
