// Environment: client. The body is not in the page's data (+onBeforeRender.ts):
// when React hydrates, it is already in the DOM; after a client-side
// navigation, it is read from the article's pre-rendered HTML.
import type { PageContextClient } from "vike/types";
import { ARTICLE_BODY_ID } from "./body.ts";

export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  if (pageContext.isHydration) {
    pageContext.articleHtml = document.getElementById(ARTICLE_BODY_ID)?.innerHTML ?? "";
    return;
  }
  try {
    const response = await fetch(pageContext.urlPathname, { headers: { accept: "text/html" } });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    pageContext.articleHtml = page.getElementById(ARTICLE_BODY_ID)?.innerHTML ?? "";
  } catch {
    // Offline or gone: a full load shows the article or the server's answer.
    window.location.assign(pageContext.urlOriginal);
  }
}
