// Environment: server and browser. The language fields of pageContext
// (set by +onBeforeRoute and +onCreatePageContext).
import type { Locale } from "./locale.ts";
import type { Alternate, SwitchTarget } from "./translations.ts";

export interface PageI18n {
  /** Where the switcher leads for each other language (passed to the browser). */
  switch: SwitchTarget[];
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
