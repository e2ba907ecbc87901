// Environment: client. Before React hydrates the pre-rendered page, hand the
// main thread back to the browser once: evaluating the page's modules and
// starting hydration become two short tasks instead of one long one. Before
// any render, the page's language's texts are at hand: a language other than
// the default is a chunk of its own for the modules every page may use
// (site/lib/content/by-locale.ts), loaded on the first page in it, first load
// or client-side navigation.
import type { PageContextClient } from "vike/types";
import { textsFor } from "../lib/content/by-locale.ts";
import "../lib/content/site.ts";
import { defaultLocale } from "../lib/locale.ts";

export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const loading = textsFor(pageContext.locale ?? defaultLocale);
  if (loading) await loading;
  if (pageContext.isHydration) await new Promise((resolve) => setTimeout(resolve, 0));
}
