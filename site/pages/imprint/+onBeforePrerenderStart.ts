// Environment: build. This page in every language (site/lib/prerender.ts).
import { inEveryLocale } from "../../lib/prerender.ts";

export const onBeforePrerenderStart = () => inEveryLocale("/imprint");
