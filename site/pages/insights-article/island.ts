import type { ArticleParts } from "./parts.ts";

/**
 * The id of the element that holds the article page's content. Its HTML is
 * rendered on the server only; in the browser it is taken as is (from the
 * DOM when React hydrates, from the pre-rendered page after a client-side
 * navigation), so the article is in the page once and in no page data.
 */
export const ISLAND_ID = "article-page";

declare global {
  namespace Vike {
    interface PageContext {
      /** Server only (not passed to the client): what the article page renders. */
      articleParts?: ArticleParts;
      /** Browser only: the island's HTML, taken from the DOM or the pre-rendered page. */
      articleIsland?: string;
    }
  }
}
