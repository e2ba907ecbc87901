// The translations an edit needs, in the same form: adding a consultant adds
// its German texts, and both files are saved together (editor/server/edit.ts).
import type { Companion } from "./api.ts";
import { type Diagnostic, fieldMessage, splitPath } from "./error-schema.ts";
import { pathName } from "./item-names.ts";

/** The English form's schema and value: a text is named as the form names it ("Jana Novák, Role"). */
export interface Naming {
  schema: Record<string, unknown>;
  value: unknown;
}

/** An input id for a companion's text: `de/consultants.yaml` `consultants[6].role` → `companion_de_consultants_6_role`. */
const inputId = (file: string, path: string) =>
  `companion_${`${file.split("/")[0]}_${path}`.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, "")}`;

function Field({
  companion,
  field,
  diagnostics,
  naming,
  onText,
}: {
  naming: Naming;
  companion: Companion;
  field: Companion["fields"][number];
  diagnostics: Diagnostic[];
  onText: (text: string) => void;
}) {
  const id = inputId(companion.path, field.path);
  const problems = diagnostics.filter((d) => d.path === field.path);
  const long = field.english.length > 80;
  const props = {
    id,
    lang: companion.locale,
    value: field.text,
    "aria-invalid": problems.some((d) => d.severity === "error") || undefined,
    "aria-describedby": `${id}_english${problems.length ? ` ${id}_problems` : ""}`,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onText(event.target.value),
  };
  return (
    <li className="pair">
      <div>
        <label htmlFor={id}>
          {pathName(naming.schema, naming.value, undefined, splitPath(field.path))}{" "}
          <span className="locale">({companion.locale})</span> <code className="path">{field.path}</code>
        </label>
        {long ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
        {problems.length ? (
          <ul id={`${id}_problems`} className="field-problems">
            {problems.map((d) => (
              <li key={`${d.line}:${d.column}:${d.message}`} className={d.severity}>
                {fieldMessage(d)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="source">
        <span className="source-label">English</span>
        <p lang="en" id={`${id}_english`}>
          {field.english}
        </p>
      </div>
    </li>
  );
}

export function Companions({
  companions,
  naming,
  onText,
}: {
  companions: Companion[];
  naming: Naming;
  onText: (file: string, path: string, text: string) => void;
}) {
  if (companions.length === 0) return null;
  return (
    <div className="companions">
      {companions.map((companion) => {
        const unplaced = companion.diagnostics.filter((d) => !companion.fields.some((f) => f.path === d.path));
        return (
          <section key={companion.path} aria-labelledby={inputId(companion.path, "heading")}>
            <h3 id={inputId(companion.path, "heading")}>Also changes data/{companion.path}</h3>
            <p>
              This edit changes texts that data/{companion.path} translates: what it needs there is saved with this
              file, both or neither.
              {companion.fields.length
                ? ` Write the ${companion.fields.length === 1 ? "text" : `${companion.fields.length} texts`} it needs:`
                : ""}
            </p>
            {companion.fields.length ? (
              <ul className="companion-fields">
                {companion.fields.map((field) => (
                  <Field
                    key={field.path}
                    companion={companion}
                    field={field}
                    diagnostics={companion.diagnostics}
                    naming={naming}
                    onText={(text) => onText(companion.path, field.path, text)}
                  />
                ))}
              </ul>
            ) : null}
            {unplaced.length ? (
              <ul className="field-problems">
                {unplaced.map((d) => (
                  <li key={`${d.line}:${d.column}:${d.message}`} className={d.severity}>
                    {fieldMessage(d)}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
