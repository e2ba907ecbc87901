/** The id of the element that holds an article's body HTML. */
export const ARTICLE_BODY_ID = "article-body";

declare global {
  namespace Vike {
    interface PageContext {
      /** An article's body HTML: set on the server, and from the DOM or the page's HTML in the browser. */
      articleHtml?: string;
    }
  }
}
