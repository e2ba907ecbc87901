// "Publish" on a draft article: the server removes `draft: true` (and dates
// an English article today), runs the whole check and writes the file only
// when the article has no error; the commit is then made in Changes.
import { useEffect, useRef, useState } from "react";
import { type Published, publishing } from "./publish-api.ts";

/** Whether an article's saved text says `draft: true` in its front matter. */
export function isDraft(text: string): boolean {
  const front = /^---\n([\s\S]*?\n)?---(\n|$)/.exec(text)?.[1] ?? "";
  return /^draft:[ \t]*true[ \t]*(#.*)?$/m.test(front);
}

interface Props {
  path: string;
  /** The article as saved: its text and version. */
  text: string;
  version: string;
  /** Unsaved edits: saved first, then published. */
  dirty: boolean;
  onAnswer: (answer: Published) => void;
}

export function PublishArticle({ path, text, version, dirty, onAnswer }: Props) {
  const [published, setPublished] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (published) done.current?.focus();
  }, [published]);

  if (published) {
    return (
      <p ref={done} tabIndex={-1} className="published">
        Published{published === "dated" ? ", dated today" : ""}. <a href="#changes">Commit it in Changes</a>.
      </p>
    );
  }
  if (!isDraft(text)) return null;
  const publish = async () => {
    setBusy(true);
    const answer = await publishing.publish(path, version);
    setBusy(false);
    onAnswer(answer);
    if ("published" in answer) setPublished(answer.date ? "dated" : "yes");
  };
  return (
    <span className="publish">
      <button type="button" onClick={publish} disabled={dirty || busy} aria-describedby="publish-hint">
        Publish this article
      </button>
      <span id="publish-hint" className="hint">
        {dirty
          ? "Save your changes first, then publish."
          : `Removes draft: true${/^insights\/[a-z0-9-]+\.md$/.test(path) ? " and dates it today" : ""}, once the check passes.`}
      </span>
    </span>
  );
}
