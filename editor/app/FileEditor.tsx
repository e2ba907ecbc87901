import Form from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { useEffect, useMemo, useRef, useState } from "react";
import { ArticleSource } from "./ArticleSource.tsx";
import {
  type ArticleSource as ArticleSourceData,
  api,
  type Edit,
  type EditReach,
  type OpenedFile,
  type Saved,
  type Typed,
} from "./api.ts";
import { buttonTemplates } from "./buttons.tsx";
import { Companions } from "./Companions.tsx";
import { CoverUpload } from "./CoverUpload.tsx";
import { DeleteArticle } from "./DeleteArticle.tsx";
import { Diagnostics } from "./Diagnostics.tsx";
import { type Diagnostic, errorSchemaOf } from "./error-schema.ts";
import { FieldProblems } from "./FieldProblems.tsx";
import { AddButton, FormValue, listTemplates } from "./items.tsx";
import { MarkdownEditor } from "./MarkdownEditor.tsx";
import { PagePreview } from "./PagePreview.tsx";
import { PublishArticle } from "./PublishArticle.tsx";
import type { Published } from "./publish-api.ts";
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

const NO_REACH: EditReach = { caused: [], before: [], companions: [] };

/** Every error that keeps an edit from being saved: the file's own, its companions', those it causes elsewhere. */
const blockingErrors = (diagnostics: readonly Diagnostic[], reach: EditReach) =>
  count(diagnostics, "error") +
  count(reach.caused, "error") +
  reach.companions.reduce((sum, companion) => sum + count(companion.diagnostics, "error"), 0);

export function FileEditor({
  path,
  onSaved,
  onDirty,
}: {
  path: string;
  onSaved: () => void;
  /** Told whether the form holds edits not saved (the app asks before leaving them). */
  onDirty?: (dirty: boolean) => void;
}) {
  const [file, setFile] = useState<OpenedFile | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [value, setValue] = useState<unknown>();
  const [text, setText] = useState("");
  const [dirty, setDirty] = useState(false);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [reach, setReach] = useState<EditReach>(NO_REACH);
  const [typed, setTyped] = useState<Typed>({});
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
    const translations = Object.keys(typed).length ? { translations: typed } : {};
    return file.form
      ? { path, version: file.version, value, ...translations }
      : { path, version: file.version, text, ...translations };
  };

  // Every edit is checked by the real validation, once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks on the edited content only
  useEffect(() => {
    const current = edit();
    if (!dirty || !current) return;
    const mine = ++sequence.current;
    setStatus({ kind: "checking" });
    // A newer edit aborts the check of this one, so the server never works through checks nobody reads.
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api.check(current, abort.signal).then(
        (checked) => {
          if (mine !== sequence.current) return;
          setDiagnostics(checked.diagnostics);
          setReach({ caused: checked.caused, before: checked.before, companions: checked.companions });
          // Undone back to the file as it is: nothing left to save.
          if (!checked.changed && checked.companions.length === 0) setDirty(false);
          setChecks((n) => n + 1);
          setStatus(file && checked.diskVersion !== file.version ? { kind: "conflict", disk: "" } : { kind: "idle" });
          setAnnouncement(summary(checked.diagnostics));
        },
        (error: Error) =>
          mine === sequence.current && !abort.signal.aborted && setStatus({ kind: "refused", message: error.message }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, text, dirty, typed]);

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  // Leaving the page (reload, another address, closing the tab) with edits not saved asks first.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const save = async () => {
    const current = edit();
    if (!current || !file) return;
    sequence.current++;
    const answer: Saved = await api.save(current).catch((error: Error) => ({ error: error.message }));
    if ("saved" in answer) {
      setFile({ ...file, version: answer.version, text: answer.text });
      setDiagnostics(answer.diagnostics);
      setReach(NO_REACH);
      setTyped({});
      setDirty(false);
      setStatus({ kind: "saved" });
      const withThem = answer.savedWith?.length ? ` with ${answer.savedWith.map((p) => `data/${p}`).join(", ")}` : "";
      setAnnouncement(`Saved ${path}${withThem}. ${summary(answer.diagnostics)}`);
      onSaved();
    } else if ("conflict" in answer) {
      setDiagnostics(answer.diagnostics);
      setStatus({ kind: "conflict", disk: answer.disk });
      setAnnouncement(`Not saved: ${path} was changed on disk since you opened it. Your edits are kept in the form.`);
    } else {
      if (answer.diagnostics) setDiagnostics(answer.diagnostics);
      if (answer.caused && answer.before && answer.companions) {
        setReach({ caused: answer.caused, before: answer.before, companions: answer.companions });
      }
      setStatus({ kind: "refused", message: `Not saved: ${answer.error}` });
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
  /** Publish's answer: the article as now written, shown with nothing unsaved; or why not. */
  const published = useRef<string | undefined>(undefined);
  const onPublish = (answer: Published) => {
    if (answer.diagnostics) setDiagnostics(answer.diagnostics);
    if (!("published" in answer)) return setStatus({ kind: "refused", message: answer.error });
    if (!file) return;
    published.current = answer.text;
    setFile({ ...file, version: answer.version, text: answer.text });
    setReplacement({ text: answer.text });
    setChecks((n) => n + 1);
    setStatus({ kind: "saved" });
    setAnnouncement(`Published ${path}. ${summary(answer.diagnostics)}`);
    onSaved();
  };
  const translation: Translation | undefined =
    file?.source !== undefined ? { source: file.source, diagnostics, accept } : undefined;

  const extraErrors = useMemo(() => errorSchemaOf(diagnostics), [diagnostics]);
  const errors = blockingErrors(diagnostics, reach);
  // Ctrl+S (Cmd+S on a Mac) saves, as in any editor, instead of saving the page.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (failure) return <p role="alert">{failure}</p>;
  if (!file) return <p>Opening {path}…</p>;
  const page = file.page ? <PagePreview path={path} page={file.page} checks={checks} stale={errors > 0} /> : null;
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
      <Diagnostics diagnostics={diagnostics} caused={reach.caused} before={reach.before} />
      <div className="actions">
        <button
          type="button"
          className="save"
          onClick={save}
          aria-describedby="save-state"
          aria-keyshortcuts="Control+S"
        >
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
        {path.endsWith(".md") ? (
          <PublishArticle path={path} text={file.text} version={file.version} dirty={dirty} onAnswer={onPublish} />
        ) : null}
      </div>
      {file.form ? (
        <TranslationContext.Provider value={translation}>
          <FormValue.Provider value={{ data: value, source: file.source }}>
            <div lang={file.locale}>
              <Form
                schema={file.form.schema as RJSFSchema}
                uiSchema={file.form.uiSchema as UiSchema}
                formData={value}
                validator={validator}
                extraErrors={extraErrors}
                showErrorList={false}
                templates={{
                  ButtonTemplates: { ...buttonTemplates, AddButton },
                  FieldTemplate: SourceField,
                  FieldErrorTemplate: FieldProblems,
                  ...listTemplates,
                }}
                widgets={{ reference: ReferenceWidget, TextWidget, TextareaWidget }}
                noHtml5Validate
                experimental_defaultFormStateBehavior={{
                  // A new item's lists start at their minimum length (a new consultant: three areas of expertise).
                  arrayMinItems: { populate: "requiredOnly" },
                  emptyObjectFields: "skipEmptyDefaults",
                }}
                onChange={(event) => {
                  setValue(event.formData);
                  setDirty(true);
                }}
              />
            </div>
            <Companions
              companions={reach.companions}
              naming={{ schema: file.form.schema, value }}
              onText={(file, at, typedText) => {
                setTyped((old) => ({ ...old, [file]: { ...old[file], [at]: typedText } }));
                setDirty(true);
              }}
            />
          </FormValue.Provider>
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
                if (typed !== published.current) setDirty(true);
              }}
            />
          </div>
          {path.endsWith(".md") ? (
            <div className="beside">
              {file.exists ? (
                <DeleteArticle
                  path={path}
                  onDeleted={(removed) => {
                    setDirty(false);
                    onDirty?.(false);
                    onSaved();
                    setAnnouncement(`Deleted ${removed.join(", ")}.`);
                    location.hash = "";
                  }}
                />
              ) : null}
              {sourceArticle ? <ArticleSource path={path} source={sourceArticle} onAccept={acceptArticle} /> : null}
              {page}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
