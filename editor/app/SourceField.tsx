// A language's file beside its English source: each text field shows the
// English it translates, and a stale one a "Mark as current" button (what
// `npm run translations -- accept` does).
import { getDefaultRegistry } from "@rjsf/core";
import type { FieldTemplateProps } from "@rjsf/utils";
import { createContext, useContext } from "react";
import { type Diagnostic, formatPath } from "./error-schema.ts";
import { warningsOnly } from "./FieldProblems.tsx";
import { useWords } from "./items.tsx";

export interface Translation {
  /** The English file's value. */
  source: unknown;
  diagnostics: Diagnostic[];
  accept: (path: string) => void;
}

export const TranslationContext = createContext<Translation | undefined>(undefined);

const Default = getDefaultRegistry().templates.FieldTemplate;

function at(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );
}

export function SourceField(given: FieldTemplateProps) {
  // A field whose only problems are warnings is not marked as an error (FieldProblems.tsx).
  const props = warningsOnly(given.rawErrors)
    ? { ...given, classNames: `${given.classNames ?? ""} has-warning`, rawErrors: [] }
    : given;
  const translation = useContext(TranslationContext);
  const path = props.fieldPathId.path;
  // Called on every render (a hook): the field's words, "Katharina Lindqvist, Role".
  const words = useWords(props.registry.rootSchema, path).join(", ");
  const english = translation ? at(translation.source, path) : undefined;
  if (!translation || typeof english !== "string") return <Default {...props} />;
  const name = formatPath(path);
  const stale = translation.diagnostics.some((d) => d.stale && d.path === name);
  const children = (
    <div className="pair">
      <div>{props.children}</div>
      <div className="source">
        <span className="source-label">English</span>
        <p lang="en">{english}</p>
        {stale ? (
          <button type="button" onClick={() => translation.accept(name)} aria-describedby={`${props.id}__error`}>
            Mark {words} as current
          </button>
        ) : null}
      </div>
    </div>
  );
  return <Default {...props}>{children}</Default>;
}
