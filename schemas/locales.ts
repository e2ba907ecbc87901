import { z } from "zod";
import { name, value } from "./text.ts";

/** A language code of the site: lower-case ISO 639-1, like `de`. */
export const LocaleCode = value("id", (s) =>
  s.regex(/^[a-z]{2}$/, { error: "must be a two-letter language code in lower case, like `de`" }),
).describe("The language's code (ISO 639-1), like `de`");

export const LocaleSchema = z
  .strictObject({
    code: LocaleCode.meta({ title: "Code" }),
    name: name()
      .describe("The language's name in that language, as the language switcher shows it (`Deutsch`)")
      .meta({ title: "Name" }),
    intl: value("id", (s) =>
      s.regex(/^[a-z]{2}-[A-Z]{2}$/, { error: 'must be a BCP 47 tag with a region, like "de-DE"' }),
    )
      .describe("BCP 47 tag that Intl formats dates and numbers with, like `de-DE`")
      .meta({ title: "Intl locale" }),
    ogLocale: value("id", (s) => s.regex(/^[a-z]{2}_[A-Z]{2}$/, { error: 'must be language_TERRITORY, like "de_DE"' }))
      .describe("The Open Graph locale of the pages (og:locale), like `de_DE`")
      .meta({ title: "Open Graph locale" }),
    pathPrefix: value("route", (s) =>
      s.regex(/^(?:\/[a-z]{2})?$/, { error: 'must be "" for the default language or "/" and the code, like "/de"' }),
    )
      .describe('Where the language\'s pages live: "" (the default, at /) or "/de" (/de/about …)')
      .meta({ title: "Path prefix" }),
  })
  .describe("One language of the site");

/** data/locales.yaml: the site's languages; the default is at /, every other under its prefix. */
export const LocalesSchema = z
  .strictObject({
    defaultLocale: LocaleCode.describe(
      "The code of the default language: served at /, the source of every translation",
    ).meta({ title: "Default language" }),
    locales: z
      .array(LocaleSchema)
      .min(1)
      .describe("Every language of the site, the default first; the others are translations of it")
      .meta({ title: "Languages" }),
  })
  .describe("The site's languages");

export type Locale = z.infer<typeof LocaleSchema>;
export type Locales = z.infer<typeof LocalesSchema>;
