// The page of the site the open file shows, rendered by the site's own code
// from the unsaved content (server/preview.ts), in a sandboxed frame: no
// script runs in it. Reloaded after each check, at the same scroll position.
// Shown on request (the site's renderer takes seconds to start), and then
// for every file until hidden again (remembered in the browser).
import { useEffect, useRef, useState } from "react";
import { pagePreviewAddress } from "./api.ts";

const REMEMBERED = "editor.page-preview";

export function PagePreview({
  path,
  page,
  checks,
  stale,
}: {
  /** The open file, relative to data/. */
  path: string;
  /** Its page (`/consultants`). */
  page: string;
  /** How many checks answered: each one reloads the page. */
  checks: number;
  /** The content has errors: the page shows the last content without them. */
  stale: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scroll = useRef(0);
  const shownPath = useRef(path);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(() => localStorage.getItem(REMEMBERED) === "shown");
  const toggle = () => {
    localStorage.setItem(REMEMBERED, open ? "hidden" : "shown");
    setOpen(!open);
    setLoaded(false);
  };

  useEffect(() => {
    const element = frame.current;
    if (!element || !open) return;
    // Same origin (sandbox="allow-same-origin", no scripts): the editor reads and sets its scroll position.
    const samePage = shownPath.current === path;
    shownPath.current = path;
    scroll.current = samePage ? (element.contentWindow?.scrollY ?? scroll.current) : 0;
    element.contentWindow?.location.replace(pagePreviewAddress(path, checks));
  }, [path, checks, open]);

  const restore = () => {
    if (frame.current?.contentWindow?.location.href === "about:blank") return;
    frame.current?.contentWindow?.scrollTo(0, scroll.current);
    setLoaded(true);
  };

  return (
    <section className={open ? "page-preview open" : "page-preview"} aria-labelledby="page-preview-heading">
      <h3 id="page-preview-heading">
        The page on the site: <code>{page}</code>
      </h3>
      <button type="button" aria-expanded={open} aria-controls="page-preview-frame" onClick={toggle}>
        {open ? "Hide" : "Show"} the page {page}
      </button>
      {open ? (
        <>
          <p className="hint" aria-live="polite">
            {stale
              ? "The content has errors: the page shows it as it was before them."
              : loaded
                ? "Unsaved changes included; links lead on inside the preview."
                : "Rendering the page…"}
          </p>
          <iframe
            id="page-preview-frame"
            ref={frame}
            title={`The page ${page}, as the site shows it`}
            sandbox="allow-same-origin"
            src="about:blank"
            onLoad={restore}
          />
        </>
      ) : null}
    </section>
  );
}
