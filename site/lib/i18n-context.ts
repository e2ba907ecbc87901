// Environment: server and browser. The language fields of pageContext
// (set by +onBeforeRoute and +onCreatePageContext.server).

import type { Alternate } from "./language-alternates.ts";
import type { Locale } from "./locale.ts";

export interface PageI18n {
  /**
   * The languages this page does not exist in, each with the address of the
   * nearest page that does (where the switcher leads instead). Passed to the
   * browser; absent when the page exists in every language, the usual case.
   */
  missing: Partial<Record<Locale, string>>;
  /**
   * For each of those languages, its note that the page is not in it ("not
   * in English: to the nearest page"), in that language: the switcher shows
   * it, and the page's script carries only its own language's texts
   * (site/lib/content/site.ts).
   */
  untranslated: Partial<Record<Locale, string>>;
}

declare global {
  namespace Vike {
    interface PageContext {
      /** The page's language, from its URL's prefix. */
      locale: Locale;
      i18n?: PageI18n;
      /** Server only: the page in every language that has it (itself included); empty when it has no translation. */
      alternates?: Alternate[];
    }
  }
}
