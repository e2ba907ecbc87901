// A translated article's English beside it, field by field: each marked
// current, stale (with the English it was translated from beside the
// English now), never accepted, or not translated yet; "Mark as current"
// does what `npm run translations -- accept <code> insights/<slug>` does.
import type { ArticleSourceField, ArticleSource as Source } from "./api.ts";

const STATE_TEXT: Record<ArticleSourceField["state"], string> = {
  current: "current",
  stale: "stale: the English changed since this was translated",
  unrecorded: "never marked as current: no record of the English it translates",
  missing: "not translated yet",
};

/** The lines of `now` that differ from `was` at the same place, at most `limit`. */
function changedLines(was: string, now: string, limit = 3): { line: number; was: string; now: string }[] {
  const before = was.split("\n");
  const after = now.split("\n");
  const out: { line: number; was: string; now: string }[] = [];
  for (let i = 0; i < Math.max(before.length, after.length) && out.length < limit; i++) {
    if (before[i] !== after[i]) out.push({ line: i + 1, was: before[i] ?? "", now: after[i] ?? "" });
  }
  return out;
}

function Field({ field }: { field: ArticleSourceField }) {
  const stale = field.state === "stale" && field.was !== undefined;
  const pairs = stale
    ? field.field === "body"
      ? changedLines(field.was ?? "", field.english)
      : [{ line: 0, was: field.was ?? "", now: field.english }]
    : [];
  return (
    <div className={`source-field ${field.state}`}>
      <h4>
        {field.field} <span className="source-state">{STATE_TEXT[field.state]}</span>
      </h4>
      {pairs.map((pair) => (
        <div key={pair.line} className="pair was-now">
          <div>
            <span className="source-label">English when translated{pair.line ? `, body line ${pair.line}` : ""}</span>
            <p>{pair.was || "(empty line)"}</p>
          </div>
          <div>
            <span className="source-label">English now</span>
            <p>{pair.now || "(empty line)"}</p>
          </div>
        </div>
      ))}
      {field.field === "body" ? (
        <details>
          <summary>The English body</summary>
          <pre>{field.english}</pre>
        </details>
      ) : stale ? null : (
        <p>{field.english}</p>
      )}
    </div>
  );
}

export function ArticleSource({ path, source, onAccept }: { path: string; source: Source; onAccept: () => void }) {
  const open = source.fields.some((f) => f.state === "stale" || f.state === "unrecorded");
  return (
    <section className="source article-source" aria-labelledby="article-source-heading" lang="en">
      <h3 id="article-source-heading">English source: data/{source.path}</h3>
      {source.fields.map((field) => (
        <Field key={field.field} field={field} />
      ))}
      {open ? (
        <button type="button" onClick={onAccept}>
          Mark {path} as current
        </button>
      ) : null}
    </section>
  );
}
