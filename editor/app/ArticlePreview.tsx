// An article's body as the site renders it (the HTML `generate` writes, from
// the CLI's Markdown pipeline), with its table of contents. The HTML comes
// only from a valid article, whose raw HTML the rules refuse.
import type { Preview } from "./api.ts";

/** In-page links scroll the preview; the address keeps naming the open file. */
function follow(event: React.MouseEvent) {
  const link = (event.target as Element).closest("a");
  const href = link?.getAttribute("href");
  if (!href?.startsWith("#")) return;
  event.preventDefault();
  document.getElementById(`preview-${href.slice(1)}`)?.scrollIntoView({ block: "start" });
}

/** The ids of the preview's headings, apart from the form's fields. */
const scoped = (html: string) => html.replace(/ id="([^"]+)"/g, ' id="preview-$1"');

export function ArticlePreview({ preview }: { preview: Preview | undefined }) {
  return (
    <section className="preview" aria-labelledby="preview-heading">
      <h3 id="preview-heading">Preview</h3>
      {preview?.html ? (
        <>
          {preview.headings.length ? (
            <nav aria-label="Contents" className="toc">
              <ol>
                {preview.headings.map((h) => (
                  <li key={h.id} className={`depth-${h.depth}`}>
                    <a href={`#${h.id}`} onClick={follow}>
                      {h.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: catches the clicks of the rendered heading links */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are focusable and keep their keys */}
          <div
            className="article-body"
            onClick={follow}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the CLI's own rendering of a valid article (no raw HTML)
            dangerouslySetInnerHTML={{ __html: scoped(preview.html) }}
          />
        </>
      ) : (
        <p>No preview: the article is a draft or has errors (see above).</p>
      )}
    </section>
  );
}
