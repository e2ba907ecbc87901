import { useRef } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { useScrollRegions } from "../../lib/useScrollRegions.ts";
import { ArticleContent } from "./ArticleContent.tsx";
import { ISLAND_ID } from "./island.ts";

/**
 * An article page. Rendered on the server from pageContext.articleParts; in
 * the browser, the same HTML is set as is (island.ts), so React hydrates the
 * layout around it and the article's text ships once, in the HTML.
 */
export default function Page() {
  const { articleParts, articleIsland = "" } = usePageContext();
  const island = useRef<HTMLDivElement>(null);
  // A table's scroll wrapper is a tab stop only while it scrolls (useScrollRegions.ts).
  useScrollRegions(island, ".table-scroll", articleIsland);
  if (import.meta.env.SSR && articleParts) {
    return (
      <div id={ISLAND_ID} data-static="">
        <ArticleContent parts={articleParts} />
      </div>
    );
  }
  return (
    <div
      ref={island}
      id={ISLAND_ID}
      data-static=""
      suppressHydrationWarning
      // The server's HTML of this very element (see +onBeforeRenderClient.ts).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own pre-rendered HTML
      dangerouslySetInnerHTML={{ __html: articleIsland }}
    />
  );
}
