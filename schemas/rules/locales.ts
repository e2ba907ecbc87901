/** data/locales.yaml: one default at /, every other language under /<code>, tags Intl understands. */
import { suggestion } from "../suggest.ts";
import { duplicates } from "./ids.ts";
import { type RuleIssue, rule } from "./types.ts";

export const localeCodesUnique = rule("localeCodesUnique", ["locales"], ({ locales }) =>
  duplicates("locales", locales.locales, (l) => l.code, ["code"], "language code", ["locales"]),
);

export const defaultLocaleFirst = rule("defaultLocaleFirst", ["locales"], ({ locales }): RuleIssue[] => {
  const codes = locales.locales.map((l) => l.code);
  if (!codes.includes(locales.defaultLocale)) {
    return [
      {
        key: "locales",
        path: ["defaultLocale"],
        severity: "error",
        message: `the default language \`${locales.defaultLocale}\` is not in the list`,
        hint: suggestion(locales.defaultLocale, codes, "language codes"),
      },
    ];
  }
  if (codes[0] === locales.defaultLocale) return [];
  return [
    {
      key: "locales",
      path: ["locales", 0, "code"],
      severity: "error",
      message: `the first language is \`${codes[0]}\`, but the default is \`${locales.defaultLocale}\``,
      hint: "list the default language first: the others are translations of it",
    },
  ];
});

/** The default lives at /, every other language at /<code>: one URL per language, no guessing. */
export const localePathPrefixes = rule("localePathPrefixes", ["locales"], ({ locales }) =>
  locales.locales.flatMap((locale, index): RuleIssue[] => {
    const expected = locale.code === locales.defaultLocale ? "" : `/${locale.code}`;
    if (locale.pathPrefix === expected) return [];
    return [
      {
        key: "locales",
        path: ["locales", index, "pathPrefix"],
        severity: "error",
        message: `the pages in ${locale.name} must live at "${expected || "/"}", got "${locale.pathPrefix}"`,
        hint:
          expected === ""
            ? 'the default language is at the root: write pathPrefix: ""'
            : `write pathPrefix: ${expected} (the language's code)`,
      },
    ];
  }),
);

/** `intl` is a tag Intl accepts, for the same language; `ogLocale` is the same tag written the Open Graph way. */
export const localeTagsAgree = rule("localeTagsAgree", ["locales"], ({ locales }) =>
  locales.locales.flatMap((locale, index): RuleIssue[] => {
    const at = (field: string, message: string, hint: string): RuleIssue => ({
      key: "locales",
      path: ["locales", index, field],
      severity: "error",
      message,
      hint,
    });
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(locale.intl)[0];
    } catch {
      canonical = undefined;
    }
    if (canonical !== locale.intl) {
      return [at("intl", `"${locale.intl}" is not a language tag Intl understands`, 'write it like "de-DE"')];
    }
    if (!locale.intl.startsWith(`${locale.code}-`)) {
      return [
        at(
          "intl",
          `"${locale.intl}" is not a tag of the language \`${locale.code}\``,
          `start it with the code: "${locale.code}-…"`,
        ),
      ];
    }
    const og = locale.intl.replace("-", "_");
    return locale.ogLocale === og
      ? []
      : [at("ogLocale", `"${locale.ogLocale}" does not match intl "${locale.intl}"`, `write ogLocale: ${og}`)];
  }),
);

export const siteLocaleIsDefault = rule("siteLocaleIsDefault", ["locales", "site"], ({ locales, site }): RuleIssue[] =>
  site.firm.locale === locales.defaultLocale
    ? []
    : [
        {
          key: "site",
          path: ["firm", "locale"],
          severity: "error",
          message: `the site's texts are in \`${site.firm.locale}\`, but the default language of locales.yaml is \`${locales.defaultLocale}\``,
          hint: "site.yaml's texts are the default language's: make the two agree",
        },
      ],
);

export const LOCALE_RULES = [
  localeCodesUnique,
  defaultLocaleFirst,
  localePathPrefixes,
  localeTagsAgree,
  siteLocaleIsDefault,
] as const;
