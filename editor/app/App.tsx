import { useCallback, useEffect, useRef, useState } from "react";
import { api, type FileEntry } from "./api.ts";
import { Changes } from "./Changes.tsx";
import { FileEditor } from "./FileEditor.tsx";
import { FileList } from "./FileList.tsx";
import { NewArticle } from "./NewArticle.tsx";

/**
 * The file named in the address (`#consultants.yaml`), so a reload or a link
 * reopens it; undefined for an in-page fragment (the skip link's `#editor-main`).
 */
function pathInAddress(): string | undefined {
  const hash = decodeURIComponent(location.hash.slice(1));
  return hash === "" || hash === "new-article" || hash === "changes" || hash.includes(".") ? hash : undefined;
}

const LEAVE_QUESTION = "This file has edits that are not saved. Leave it and drop them?";

export function App() {
  const [files, setFiles] = useState<FileEntry[] | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [path, setPath] = useState(() => pathInAddress() ?? "");
  /** On a narrow screen the file list folds away once a file is open, and opens again with its button. */
  const [filesOpen, setFilesOpen] = useState(() => (pathInAddress() ?? "") === "");
  /** Whether the open file holds edits not saved: leaving it asks first. */
  const dirty = useRef(false);
  const open = useRef(path);
  open.current = path;
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const refresh = useCallback(() => {
    api.files().then(
      (answer) => setFiles(answer.files),
      (error: Error) => setFailure(error.message),
    );
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => {
    const onHash = (event: HashChangeEvent) => {
      const named = pathInAddress();
      if (named === undefined) return;
      if (named === open.current) return;
      if (dirty.current && !window.confirm(LEAVE_QUESTION)) {
        // Stay, with the address naming the file still open (no new history entry).
        history.replaceState(null, "", event.oldURL);
        return;
      }
      dirty.current = false;
      setPath(named);
      setFilesOpen(named === "");
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  return (
    <>
      <a className="skip" href="#editor-main">
        Skip to the form
      </a>
      <header className="top">
        <h1>Content editor</h1>
        <p>
          Edits <code>data/</code> with the checks of <code>npm run validate</code>; nothing is saved with errors.
        </p>
      </header>
      <div className="layout">
        <nav aria-label="Files" className={filesOpen ? "files" : "files folded"}>
          <button
            type="button"
            className="files-toggle"
            aria-expanded={filesOpen}
            aria-controls="file-choices"
            onClick={() => setFilesOpen(!filesOpen)}
          >
            {filesOpen ? "Hide the files" : "Show the files"}
          </button>
          <div id="file-choices">
            {failure ? <p role="alert">{failure}</p> : null}
            <p>
              <a href="#new-article" className="new" aria-current={path === "new-article" ? "page" : undefined}>
                New article
              </a>
            </p>
            <p>
              <a href="#changes" className="new" aria-current={path === "changes" ? "page" : undefined}>
                Changes: commit and push
              </a>
            </p>
            {files ? <FileList files={files} current={path} /> : <p>Checking the files…</p>}
          </div>
        </nav>
        <main id="editor-main" tabIndex={-1}>
          {path === "new-article" ? (
            <NewArticle
              onCreated={(created) => {
                refresh();
                location.hash = created;
              }}
            />
          ) : path === "changes" ? (
            <Changes onCommitted={refresh} />
          ) : path ? (
            <FileEditor key={path} path={path} onSaved={refresh} onDirty={onDirty} />
          ) : (
            <p>Choose a file from the list.</p>
          )}
        </main>
      </div>
    </>
  );
}
