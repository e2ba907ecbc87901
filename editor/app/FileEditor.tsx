import Form from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { useEffect, useMemo, useRef, useState } from "react";
import { ArticleSource } from "./ArticleSource.tsx";
import { type ArticleSource as ArticleSourceData, api, type Edit, type OpenedFile, type Saved } from "./api.ts";
import { buttonTemplates } from "./buttons.tsx";
import { CoverUpload } from "./CoverUpload.tsx";
import { Diagnostics } from "./Diagnostics.tsx";
import { type Diagnostic, errorSchemaOf } from "./error-schema.ts";
import { MarkdownEditor } from "./MarkdownEditor.tsx";
import { PagePreview } from "./PagePreview.tsx";
import { ReferenceWidget } from "./ReferenceWidget.tsx";
import { SourceField, type Translation, TranslationContext } from "./SourceField.tsx";
import { TextareaWidget, TextWidget } from "./TokenText.tsx";
import { validator } from "./validator.ts";

/** How long typing pauses before the edit is checked. */
const CHECK_DELAY_MS = 300;

type Status =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "saved" }
  | { kind: "refused"; message: string }
  | { kind: "conflict"; disk: string };

const count = (diagnostics: readonly Diagnostic[], severity: Diagnostic["severity"]) =>
  diagnostics.filter((d) => d.severity === severity).length;

function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = count(diagnostics, "error");
  const warnings = count(diagnostics, "warning");
  if (!errors && !warnings) return "No problems in this file.";
  const parts = [
    errors ? `${errors} error${errors === 1 ? "" : "s"}` : "",
    warnings ? `${warnings} warning${warnings === 1 ? "" : "s"}` : "",
  ];
  return `${parts.filter(Boolean).join(" and ")} in this file.`;
}

export function FileEditor({ path, onSaved }: { path: string; onSaved: () => void }) {
  const [file, setFile] = useState<OpenedFile | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [value, setValue] = useState<unknown>();
  const [text, setText] = useState("");
  const [dirty, setDirty] = useState(false);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [elsewhere, setElsewhere] = useState<Diagnostic[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [announcement, setAnnouncement] = useState("");
  const [checks, setChecks] = useState(0);
  const [sourceArticle, setSourceArticle] = useState<ArticleSourceData | undefined>();
  const [replacement, setReplacement] = useState<{ text: string } | undefined>();
  const sequence = useRef(0);

  useEffect(() => {
    api.open(path).then(
      (opened) => {
        setFile(opened);
        setValue(opened.value);
        setText(opened.text);
        setDiagnostics(opened.diagnostics);
        setSourceArticle(opened.sourceArticle);
        setAnnouncement(`${opened.path} opened. ${summary(opened.diagnostics)}`);
      },
      (error: Error) => setFailure(error.message),
    );
  }, [path]);

  const edit = (): Edit | undefined => {
    if (!file) return undefined;
    return file.form ? { path, version: file.version, value } : { path, version: file.version, text };
  };

  // Every edit is checked by the real validation, once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks on the edited content only
  useEffect(() => {
    const current = edit();
    if (!dirty || !current) return;
    const mine = ++sequence.current;
    setStatus({ kind: "checking" });
    const timer = setTimeout(() => {
      api.check(current).then(
        (checked) => {
          if (mine !== sequence.current) return;
          setDiagnostics(checked.diagnostics);
          setElsewhere(checked.elsewhere);
          setChecks((n) => n + 1);
          setStatus(file && checked.diskVersion !== file.version ? { kind: "conflict", disk: "" } : { kind: "idle" });
          setAnnouncement(summary(checked.diagnostics));
        },
        (error: Error) => mine === sequence.current && setStatus({ kind: "refused", message: error.message }),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, text, dirty]);

  const save = async () => {
    const current = edit();
    if (!current || !file) return;
    sequence.current++;
    const answer: Saved = await api.save(current).catch((error: Error) => ({ error: error.message }));
    if ("saved" in answer) {
      setFile({ ...file, version: answer.version, text: answer.text });
      setDiagnostics(answer.diagnostics);
      setDirty(false);
      setStatus({ kind: "saved" });
      setAnnouncement(`Saved ${path}. ${summary(answer.diagnostics)}`);
      onSaved();
    } else if ("conflict" in answer) {
      setDiagnostics(answer.diagnostics);
      setStatus({ kind: "conflict", disk: answer.disk });
      setAnnouncement(`Not saved: ${path} was changed on disk since you opened it. Your edits are kept in the form.`);
    } else {
      if (answer.diagnostics) setDiagnostics(answer.diagnostics);
      setStatus({ kind: "refused", message: answer.error });
      setAnnouncement(`Not saved: ${answer.error}. ${answer.diagnostics ? summary(answer.diagnostics) : ""}`);
    }
  };

  const accept = async (text: string) => {
    const answer = await api
      .accept(path, text)
      .catch((error: Error) => ({ ok: false, output: error.message, diagnostics }));
    setDiagnostics(answer.diagnostics);
    setAnnouncement(
      answer.ok ? `${text} marked as current. ${summary(answer.diagnostics)}` : `Not marked: ${answer.output}`,
    );
    if (answer.ok) onSaved();
  };
  /** A translated article: all its texts marked current at once (the CLI accepts an article whole). */
  const acceptArticle = async () => {
    const answer = await api
      .accept(path, "")
      .catch((error: Error) => ({ ok: false, output: error.message, diagnostics, sourceArticle: undefined }));
    setDiagnostics(answer.diagnostics);
    if (answer.sourceArticle) setSourceArticle(answer.sourceArticle);
    setAnnouncement(
      answer.ok ? `${path} marked as current. ${summary(answer.diagnostics)}` : `Not marked: ${answer.output}`,
    );
    if (answer.ok) onSaved();
  };
  const translation: Translation | undefined =
    file?.source !== undefined ? { source: file.source, diagnostics, accept } : undefined;

  const extraErrors = useMemo(() => errorSchemaOf(diagnostics), [diagnostics]);
  const errors = count(diagnostics, "error");

  if (failure) return <p role="alert">{failure}</p>;
  if (!file) return <p>Opening {path}…</p>;
  const page = file.page ? (
    <PagePreview path={path} page={file.page} checks={checks} stale={errors > 0 || elsewhere.length > 0} />
  ) : null;
  return (
    <section aria-labelledby="file-heading" className="editor">
      <h2 id="file-heading">{path}</h2>
      <p className="live" aria-live="polite" role="status">
        {announcement}
      </p>
      {status.kind === "conflict" ? (
        <div className="conflict" role="alert">
          <p>
            <strong>{path} was changed on disk</strong> since you opened it (by another editor, or a{" "}
            <code>git pull</code>). Saving now would overwrite that change, so nothing was written. Your edits are still
            in the form.
          </p>
          {status.disk ? (
            <details>
              <summary>The file as it is on disk now</summary>
              <pre>{status.disk}</pre>
            </details>
          ) : null}
          <button type="button" onClick={() => location.reload()}>
            Reload from disk (drops your edits)
          </button>
        </div>
      ) : null}
      {status.kind === "refused" ? <p className="refused">{status.message}</p> : null}
      <Diagnostics diagnostics={diagnostics} elsewhere={elsewhere} />
      <div className="actions">
        <button type="button" className="save" onClick={save} aria-describedby="save-state">
          Save
        </button>
        <span id="save-state">
          {status.kind === "checking"
            ? "Checking…"
            : errors
              ? `${errors} error${errors === 1 ? "" : "s"}: fix ${errors === 1 ? "it" : "them"} to save`
              : dirty
                ? "Unsaved changes"
                : status.kind === "saved"
                  ? "Saved"
                  : "No changes"}
        </span>
      </div>
      {file.form ? (
        <TranslationContext.Provider value={translation}>
          <div lang={file.locale}>
            <Form
              schema={file.form.schema as RJSFSchema}
              uiSchema={file.form.uiSchema as UiSchema}
              formData={value}
              validator={validator}
              extraErrors={extraErrors}
              showErrorList={false}
              templates={{ ButtonTemplates: buttonTemplates, FieldTemplate: SourceField }}
              widgets={{ reference: ReferenceWidget, TextWidget, TextareaWidget }}
              noHtml5Validate
              experimental_defaultFormStateBehavior={{
                arrayMinItems: { populate: "never" },
                emptyObjectFields: "skipDefaults",
              }}
              onChange={(event) => {
                setValue(event.formData);
                setDirty(true);
              }}
            />
          </div>
          {page}
        </TranslationContext.Provider>
      ) : (
        <div className={path.endsWith(".md") ? "pair text-editor" : "text-editor"}>
          <div>
            {file.cover ? (
              <CoverUpload
                path={path}
                limits={file.cover}
                text={text}
                onText={(next) => setReplacement({ text: next })}
              />
            ) : null}
            <p id="file-text-label" className="label">
              {path.endsWith(".md") ? "Front matter and Markdown" : "The file's text"}
            </p>
            <p id="file-text-keys" className="hint">
              Tab moves on to the next control; Ctrl+Z undoes.
            </p>
            <MarkdownEditor
              initial={file.text}
              labelledBy="file-text-label"
              describedBy="file-text-keys"
              lang={file.locale}
              diagnostics={diagnostics}
              tokens={file.tokens ?? []}
              replacement={replacement}
              onChange={(typed) => {
                setText(typed);
                setDirty(true);
              }}
            />
          </div>
          {path.endsWith(".md") ? (
            <div className="beside">
              {sourceArticle ? <ArticleSource path={path} source={sourceArticle} onAccept={acceptArticle} /> : null}
              {page}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
