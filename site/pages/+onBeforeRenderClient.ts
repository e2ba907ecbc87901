// Environment: client. Before React hydrates the pre-rendered page, hand the
// main thread back to the browser once: evaluating the page's modules and
// starting hydration become two short tasks instead of one long one.
import type { PageContextClient } from "vike/types";

export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  if (pageContext.isHydration) await new Promise((resolve) => setTimeout(resolve, 0));
}
