import { type Diagnostic, fieldId, located } from "./error-schema.ts";

function Item({ d, here = true }: { d: Diagnostic; here?: boolean }) {
  const id = d.path && here ? fieldId(d.path) : undefined;
  return (
    <li className={d.severity}>
      <code>{located(d)}</code> <strong>{d.severity}</strong>{" "}
      {id ? (
        <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
          {d.path}
        </a>
      ) : null}
      {d.path ? ": " : ""}
      {d.message}
      {d.hint ? <span className="hint">hint: {d.hint}</span> : null}
    </li>
  );
}

/** Moves to the field itself, without changing the address (which names the open file). */
function focusField(event: React.MouseEvent, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

export function Diagnostics({ diagnostics, elsewhere }: { diagnostics: Diagnostic[]; elsewhere: Diagnostic[] }) {
  if (diagnostics.length === 0 && elsewhere.length === 0) return null;
  return (
    <div className="diagnostics">
      {diagnostics.length ? (
        <>
          <h3>What validate says of this file</h3>
          <ul>
            {diagnostics.map((d) => (
              <Item key={`${d.line}:${d.column}:${d.message}`} d={d} />
            ))}
          </ul>
        </>
      ) : null}
      {elsewhere.length ? (
        <>
          <h3>Errors this edit causes in other files</h3>
          <ul>
            {elsewhere.map((d) => (
              <Item key={`${d.file}:${d.line}:${d.column}:${d.message}`} d={d} here={false} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
