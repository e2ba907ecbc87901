// Environment: browser and server (React). The page's language and its texts.
import { usePageContext } from "vike-react/usePageContext";
import { defaultLocale, type Locale, localizeHref } from "./locale.ts";

export function useLocale(): Locale {
  return usePageContext().locale ?? defaultLocale;
}

/** One generated module in the page's language: `useTexts(aboutByLocale)` (site/lib/content/). */
export function useTexts<T>(byLocale: Record<Locale, T>): T {
  return byLocale[useLocale()];
}

/** A link of the data as it is on this page: "/about" is "/de/about" on a German page. */
export function useHref(href: string): string {
  return localizeHref(useLocale(), href);
}
