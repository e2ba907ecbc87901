/**
 * A translation says what its English text says: the same tokens, the same
 * numbers, and links to pages of its own language (the rule for links is
 * shared with the articles: localized-links.ts).
 */
import { ROUTES } from "../index.ts";
import { braceProblems, findTokens } from "../templates.ts";
import { textMetaAt } from "../text.ts";
import { inLanguage } from "./localized-links.ts";
import { translatedTexts } from "./translation-texts.ts";
import { type RuleIssue, rule } from "./types.ts";

/** The numbers of a text (outside tokens), `.` and `,` read alike as separators: 1.1 = 1,1 and 50,000 = 50.000. */
export function numbersOf(text: string): string[] {
  let plain = text;
  for (const use of findTokens(text).reverse())
    plain = `${plain.slice(0, use.index)} ${plain.slice(use.index + use.token.length)}`;
  const found = plain.match(/\d+(?:[.,]\d+)*/g) ?? [];
  return [...new Set(found.map((n) => n.replace(/[.,]/g, ".")))];
}

export const translationsKeepTokens = rule("translationsKeepTokens", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    // A brace gone wrong (`{stats.targetArr ARR`) is reported where it is written (tokensWellFormed), not here.
    const placeholders = textMetaAt(entry.schema, source.path)?.placeholders ?? [];
    if ([source.text, translated].some((text) => braceProblems(text, [], placeholders).length > 0)) continue;
    const english = new Set(findTokens(source.text).map((t) => t.token));
    const german = new Set(findTokens(translated).map((t) => t.token));
    const at = {
      key: entry.key,
      locale: locale.code,
      path: source.path,
      severity: "error" as const,
      cite: source.path,
    };
    for (const token of english) {
      if (german.has(token)) continue;
      issues.push({
        ...at,
        message: `${token} is missing: the English text has it ({source})`,
        hint: `write ${token} in the translation exactly as in English; generate puts the value in its place`,
      });
    }
    for (const token of german) {
      if (english.has(token)) continue;
      issues.push({
        ...at,
        message: `${token} is not in the English text ({source})`,
        hint: `a translation uses the same tokens as its English text: ${english.size ? [...english].join(", ") : "none"}`,
        needle: token,
      });
    }
  }
  return issues;
});

export const translationsKeepNumbers = rule("translationsKeepNumbers", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    const german = new Set(numbersOf(translated));
    for (const number of numbersOf(source.text)) {
      if (german.has(number)) continue;
      issues.push({
        key: entry.key,
        locale: locale.code,
        path: source.path,
        severity: "error",
        message: `the number ${number} of the English text is not in the translation ({source})`,
        hint: `a claim says the same in every language: write ${number} as a figure (1.5 may be written 1,5)`,
        cite: source.path,
      });
    }
  }
  return issues;
});

/** The Markdown links of a text, `[label](/path)`. */
const MARKDOWN_LINK = /\]\((\/[^)\s]*)\)/g;

export const translationLinksStayInLanguage = rule("translationLinksStayInLanguage", [], (data) => {
  const issues: RuleIssue[] = [];
  for (const { locale, entry, source, translated } of translatedTexts(data)) {
    for (const match of translated.matchAll(MARKDOWN_LINK)) {
      const href = match[1] as string;
      const at = { key: entry.key, locale: locale.code, path: source.path, severity: "error" as const, needle: href };
      const target = inLanguage(href, locale.code);
      if ("problem" in target) {
        issues.push({ ...at, ...target.problem });
        continue;
      }
      const route = target.route.split("#")[0] ?? "/";
      if ((ROUTES as readonly string[]).includes(route) || route.startsWith("/insights")) continue;
      issues.push({
        ...at,
        message: `link to "${href}", but the site has no page at ${route} in language ${locale.code}`,
        hint: `link a page of the site in this language, like /${locale.code}/about`,
      });
    }
  }
  return issues;
});

export const FIDELITY_RULES = [
  translationsKeepTokens,
  translationsKeepNumbers,
  translationLinksStayInLanguage,
] as const;
