import { useState } from "react";
import type { FileEntry } from "./api.ts";

const GROUPS: Array<{ title: string; kinds: FileEntry["kind"][] }> = [
  { title: "Data", kinds: ["data", "glossary"] },
  { title: "Translations", kinds: ["translation"] },
  { title: "Articles", kinds: ["article"] },
  { title: "Translated articles", kinds: ["article translation"] },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A file's state in words: what `npm run validate` says of it. */
export function stateText(file: FileEntry): string {
  if (!file.exists) return "missing";
  const parts = [
    file.errors ? plural(file.errors, "error") : "",
    file.warnings - file.stale - file.missing > 0 ? plural(file.warnings - file.stale - file.missing, "warning") : "",
    file.stale ? `${file.stale} stale` : "",
    file.missing ? `${file.missing} missing` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "valid";
}

function tone(file: FileEntry): string {
  if (!file.exists || file.errors) return "bad";
  if (file.warnings) return "warn";
  return "ok";
}

/** The files whose path holds every word of `filter` (any case, any order). */
export function filtered(files: readonly FileEntry[], filter: string): FileEntry[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return files.filter((file) => words.every((word) => file.path.toLowerCase().includes(word)));
}

export function FileList({ files, current }: { files: FileEntry[]; current: string }) {
  const [filter, setFilter] = useState("");
  const shown = filtered(files, filter);
  return (
    <>
      <p className="file-filter">
        <label htmlFor="file-filter">Filter files</label>
        <input
          id="file-filter"
          type="search"
          value={filter}
          aria-describedby="file-filter-count"
          onChange={(event) => setFilter(event.target.value)}
        />
        <span id="file-filter-count" className="hint" aria-live="polite">
          {filter ? `${shown.length} of ${files.length} files` : `${files.length} files`}
        </span>
      </p>
      {GROUPS.map((group, index) => {
        const inGroup = shown.filter((f) => group.kinds.includes(f.kind));
        if (inGroup.length === 0) return null;
        return (
          <section key={group.title} aria-labelledby={`files-group-${index}`}>
            <h2 id={`files-group-${index}`}>{group.title}</h2>
            <ul>
              {inGroup.map((file) => (
                <li key={file.path}>
                  <a href={`#${file.path}`} aria-current={file.path === current ? "page" : undefined}>
                    <span className="name">{file.path}</span>
                    <span className={`state ${tone(file)}`}>{stateText(file)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
