import type { Config } from "vike/types";
import vikeReact from "vike-react/config";

// Every page is pre-rendered to HTML at build time; React hydrates it for
// client-side navigation and the few behaviours that need script.
export default {
  extends: [vikeReact],
  // dist/server is kept: the production server renders the contact form with its
  // errors when a visitor without JavaScript sends it incomplete.
  prerender: { keepDistServer: true, disableAutoRun: true, partial: true },
  passToClient: ["inquiryForm", "i18n"],
  // <html lang> is the page's language (site/pages/+lang.ts).
  trailingSlash: false,
} satisfies Config;
