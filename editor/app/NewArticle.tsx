// A new article from a short form (its fields from the article schema); the
// same checks as `validate` run on the file it would write, before it exists.
import Form from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { useEffect, useMemo, useRef, useState } from "react";
import { post, request } from "./api.ts";
import { buttonTemplates } from "./buttons.tsx";
import { Diagnostics } from "./Diagnostics.tsx";
import { type Diagnostic, errorSchemaOf } from "./error-schema.ts";
import { AddButton, listTemplates } from "./items.tsx";
import { ReferenceWidget } from "./ReferenceWidget.tsx";
import { TextareaWidget, TextWidget } from "./TokenText.tsx";
import { validator } from "./validator.ts";

interface Answer {
  slug: string;
  path?: string;
  diagnostics: Diagnostic[];
  error?: string;
  created?: boolean;
}

export function NewArticle({ onCreated }: { onCreated: (path: string) => void }) {
  const [form, setForm] = useState<{ schema: RJSFSchema; uiSchema: UiSchema } | undefined>();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const sequence = useRef(0);

  useEffect(() => {
    request<{ form: { schema: RJSFSchema; uiSchema: UiSchema } }>("/api/new-article").then((a) => setForm(a.form));
  }, []);

  useEffect(() => {
    if (!value.title) return;
    const mine = ++sequence.current;
    const timer = setTimeout(() => {
      post<Answer>("/api/new-article", { value, create: false }).then(
        (checked) => {
          if (mine !== sequence.current) return;
          setAnswer(checked);
          const errors = checked.diagnostics.filter((d) => d.severity === "error").length;
          setAnnouncement(errors ? `${errors} error${errors === 1 ? "" : "s"} in the new article.` : "No problems.");
        },
        (error: Error) => setAnnouncement(`The check failed: ${error.message}`),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [value]);

  const create = async () => {
    sequence.current++;
    const created = await post<Answer>("/api/new-article", { value, create: true }).catch(
      (error: Error): Answer => ({ slug: "", diagnostics: [], error: error.message }),
    );
    setAnswer(created);
    if (created.created && created.path) {
      setAnnouncement(`Created ${created.path} as a draft.`);
      onCreated(created.path);
    } else setAnnouncement(`Not created: ${created.error ?? "see the errors"}`);
  };

  const extraErrors = useMemo(() => errorSchemaOf(answer?.diagnostics ?? []), [answer]);
  if (!form) return <p>Opening the new article's form…</p>;
  return (
    <section aria-labelledby="file-heading" className="editor">
      <h2 id="file-heading">New article</h2>
      <p>
        It starts as a draft (<code>draft: true</code>) at{" "}
        <code>data/insights/{answer?.slug || "<slug from the title>"}.md</code>, dated today.
      </p>
      <p className="live" role="status" aria-live="polite">
        {announcement}
      </p>
      {answer?.error ? <p className="refused">{answer.error}</p> : null}
      <Diagnostics diagnostics={answer?.diagnostics ?? []} />
      <Form
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={value}
        validator={validator}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        widgets={{ reference: ReferenceWidget, TextWidget, TextareaWidget }}
        templates={{ ButtonTemplates: { ...buttonTemplates, AddButton }, ...listTemplates }}
        onChange={(event) => setValue(event.formData as Record<string, unknown>)}
      />
      <div className="actions">
        <button type="button" className="save" onClick={create}>
          Create the draft
        </button>
      </div>
    </section>
  );
}
