// The Changes view: every file of data/ and the covers' folder changed since
// the last commit, with git's own diff; a commit of them with the owner's
// message (refused while validate finds an error); a push where the branch
// has an upstream, with git's own answer.
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Diagnostic } from "./error-schema.ts";
import { type ChangedFile, type Changes as ChangesData, changeKind, publishing } from "./publish-api.ts";

/** A diff line's kind: added, removed, a hunk's header, or git's header lines. */
function lineClass(line: string): string {
  if (/^(diff |index |new file|deleted file|similarity|rename |old mode|new mode|\+\+\+ |--- )/.test(line))
    return "meta";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "same";
}

function Diff({ file, index }: { file: ChangedFile; index: number }) {
  const lines = file.diff.replace(/\n$/, "").split("\n");
  return (
    <section className="changed-file" aria-labelledby={`changed-${index}`}>
      <h4 id={`changed-${index}`}>
        <code>{file.path}</code> <span className="change-kind">{changeKind(file)}</span>
      </h4>
      <pre className="diff">
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines, in order, never reordered
          <span key={i} className={lineClass(line)}>
            {line}
            {"\n"}
          </span>
        ))}
      </pre>
      {file.truncated ? <p className="hint">The diff is longer than shown here; git has all of it.</p> : null}
    </section>
  );
}

function Problems({ diagnostics }: { diagnostics: Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <ul className="diagnostics">
      {diagnostics.map((d) => (
        <li key={`${d.file}:${d.line}:${d.column}:${d.message}`} className={d.severity}>
          <a href={`#${d.file.replace(/^data\//, "")}`}>
            <code>
              {d.file}
              {d.line ? `:${d.line}` : ""}
            </code>
          </a>{" "}
          {d.message}
        </li>
      ))}
    </ul>
  );
}

export function Changes({ onCommitted }: { onCommitted: () => void }) {
  const [changes, setChanges] = useState<ChangesData | undefined>();
  const [message, setMessage] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [refused, setRefused] = useState<{ error: string; diagnostics: Diagnostic[] } | undefined>();
  const [committed, setCommitted] = useState<{ short: string; subject: string } | undefined>();
  const [pushed, setPushed] = useState<{ ok: boolean; output: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  const load = useCallback(
    () =>
      publishing
        .changes()
        .then(setChanges, (error: Error) => setChanges({ repository: null, files: [], error: error.message })),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const commit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changes?.version) return;
    setBusy(true);
    const answer = await publishing.commit(changes.version, message);
    setBusy(false);
    setPushed(undefined);
    if ("committed" in answer) {
      setCommitted(answer.committed);
      setRefused(undefined);
      setMessage("");
      setAnnouncement(`Committed ${answer.files.length} file${answer.files.length === 1 ? "" : "s"}.`);
      onCommitted();
    } else {
      setRefused({ error: answer.error, diagnostics: answer.diagnostics ?? [] });
      setAnnouncement(answer.error);
    }
    await load();
    result.current?.focus();
  };

  const push = async () => {
    setBusy(true);
    const answer = await publishing.push();
    setBusy(false);
    setPushed({ ok: answer.ok === true, output: answer.output ?? ("error" in answer ? answer.error : "") });
    setAnnouncement(answer.ok ? `Pushed to ${answer.upstream}.` : answer.error);
    await load();
  };

  if (!changes) return <p>Asking git what changed…</p>;
  const repo = changes.repository;
  const count = changes.files.length;
  const files = `${count} file${count === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="file-heading" className="editor changes">
      <h2 id="file-heading">Changes</h2>
      <p>
        The files of <code>data/</code> and <code>site/public/images/insights/</code> changed since the last commit, as
        git shows them. A commit takes them all, once validate finds no error.
      </p>
      <p className="live" role="status" aria-live="polite">
        {announcement}
      </p>
      {repo === null ? (
        <p className="refused">{changes.error}</p>
      ) : (
        <p>
          Branch <code>{repo.branch ?? "(no branch)"}</code>
          {repo.upstream ? (
            <>
              , upstream <code>{repo.upstream}</code>: {repo.ahead} commit{repo.ahead === 1 ? "" : "s"} not pushed yet
              {repo.behind ? `, ${repo.behind} to pull` : ""}.
            </>
          ) : (
            ", with no upstream to push to."
          )}
        </p>
      )}
      <div ref={result} tabIndex={-1} className="commit-result">
        {committed ? (
          <p>
            Committed <code>{committed.short}</code>: {committed.subject}
          </p>
        ) : null}
        {refused ? <p className="refused">{refused.error}</p> : null}
        {refused ? <Problems diagnostics={refused.diagnostics} /> : null}
      </div>
      {repo?.upstream ? (
        <div className="push">
          <button type="button" onClick={push} disabled={busy}>
            Push to {repo.upstream}
          </button>
          {pushed ? (
            <>
              <p>{pushed.ok ? "Pushed. git said:" : "Not pushed. git said:"}</p>
              <pre className={pushed.ok ? "git-output" : "git-output refused"}>
                {pushed.output || "(git printed nothing)"}
              </pre>
            </>
          ) : null}
        </div>
      ) : null}
      {repo ? (
        <>
          <h3>{count ? `${files} changed` : "No changes since the last commit"}</h3>
          {changes.total && changes.total > count ? (
            <p className="hint">
              {changes.total} files changed; the first {count} are shown. Commit them with git itself.
            </p>
          ) : null}
          {changes.files.map((file, index) => (
            <Diff key={file.path} file={file} index={index} />
          ))}
          {count ? (
            <form className="commit" onSubmit={commit}>
              <label htmlFor="commit-message">Commit message</label>
              <textarea
                id="commit-message"
                rows={3}
                value={message}
                aria-describedby="commit-hint"
                onChange={(event) => setMessage(event.target.value)}
              />
              <p id="commit-hint" className="hint">
                The first line says what changed, like “Marco's new role; the territory-planning article published”.
              </p>
              <button type="submit" className="save" disabled={busy || message.trim() === ""}>
                Commit the {files}
              </button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
