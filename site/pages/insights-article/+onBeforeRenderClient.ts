// Environment: client. The article page's content is not in its data
// (island.ts): when React hydrates, it is taken from the DOM; after a
// client-side navigation, from the article's pre-rendered HTML.
import type { PageContextClient } from "vike/types";
import { ISLAND_ID } from "./island.ts";

export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  if (pageContext.isHydration) {
    pageContext.articleIsland = document.getElementById(ISLAND_ID)?.innerHTML ?? "";
    return;
  }
  try {
    const response = await fetch(pageContext.urlPathname, { headers: { accept: "text/html" } });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    pageContext.articleIsland = page.getElementById(ISLAND_ID)?.innerHTML ?? "";
  } catch {
    // Offline or gone: a full load shows the article or the server's answer.
    window.location.assign(pageContext.urlOriginal);
  }
}
