import { usePageContext } from "vike-react/usePageContext";
import { plainText } from "../../schemas/phrases.ts";
import { cn } from "../lib/cn.ts";
import { siteByLocale } from "../lib/content/site.ts";
import { localeInfo, localePath, locales } from "../lib/locale.ts";
import { useLocale, useTexts } from "../lib/useLocale.ts";
import { Phrased } from "./Phrased.tsx";

/**
 * Links to this page in the other languages: plain links, so they work
 * without JavaScript. Where the page has no translation, the link leads to
 * the nearest page that has one and says so (in the language it leads to:
 * read out in the header, shown in the menu). Each language's name is in
 * that language, and marked so (`lang`).
 */
export function LanguageSwitcher({ className, layout = "header" }: { className?: string; layout?: "header" | "menu" }) {
  const locale = useLocale();
  const { ui } = useTexts(siteByLocale);
  const { urlPathname, i18n } = usePageContext();
  const targets = locales
    .filter((l) => l.code !== locale)
    .map((l) => {
      const nearest = i18n?.missing[l.code];
      return { locale: l.code, path: nearest ?? localePath(l.code, urlPathname), exact: nearest === undefined };
    });
  return (
    <nav aria-label={plainText(ui.languages)} className={cn("flex gap-2", layout === "menu" && "flex-col", className)}>
      {targets.map((target) => {
        const { code, name } = localeInfo(target.locale);
        const note = target.exact ? null : (i18n?.untranslated[target.locale] ?? null);
        return (
          <a
            key={code}
            href={target.path}
            hrefLang={code}
            lang={code}
            className={cn(
              "inline-flex min-h-11 items-center rounded-full border border-line bg-white px-3 text-sm font-semibold text-ink",
              layout === "menu" && "flex-col items-start px-4 py-2 text-base",
            )}
          >
            {name}
            {note && (
              <span className={layout === "menu" ? "text-sm font-normal text-muted" : "sr-only"}>
                <Phrased text={note} />
              </span>
            )}
          </a>
        );
      })}
    </nav>
  );
}
