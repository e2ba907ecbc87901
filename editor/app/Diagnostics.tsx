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

function List({ title, items, here = true }: { title: string; items: Diagnostic[]; here?: boolean }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {items.map((d) => (
          <Item key={`${d.file}:${d.line}:${d.column}:${d.message}`} d={d} here={here} />
        ))}
      </ul>
    </>
  );
}

/**
 * What validate says: of this file; of other files, what this edit causes
 * (it blocks the save) and, apart, the errors that were there before it.
 */
export function Diagnostics({
  diagnostics,
  caused = [],
  before = [],
}: {
  diagnostics: Diagnostic[];
  caused?: Diagnostic[];
  before?: Diagnostic[];
}) {
  if (diagnostics.length === 0 && caused.length === 0 && before.length === 0) return null;
  return (
    <div className="diagnostics">
      <List title="What validate says of this file" items={diagnostics} />
      <List title="What this edit causes in other files (fix it to save)" items={caused} here={false} />
      <List title="Errors in other files from before this edit (they do not block it)" items={before} here={false} />
    </div>
  );
}
