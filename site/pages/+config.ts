import type { Config } from "vike/types";
import vikeReact from "vike-react/config";

// Every page is pre-rendered to HTML at build time; React hydrates it for
// client-side navigation and the few behaviours that need script.
export default {
  extends: [vikeReact],
  prerender: true,
  lang: "en",
  trailingSlash: false,
} satisfies Config;
