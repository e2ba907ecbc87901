// What validate says at a field, each as what it is: an error in red (it
// blocks the save), a warning (a stale translation, a text not reviewed yet)
// in amber, so a warning never reads as something that must be fixed first.
import type { FieldErrorProps } from "@rjsf/utils";
import { errorId } from "@rjsf/utils";

/** A field's message as errorSchemaOf writes it: `data/x.yaml:3:5 warning: …`. */
export const isWarning = (message: unknown) => typeof message === "string" && /^\S+:\d+:\d+ warning: /.test(message);

export function FieldProblems({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  const warningsOnly = shown.every(isWarning);
  return (
    <div>
      <ul id={errorId(fieldPathId)} className={warningsOnly ? "error-detail warning-detail" : "error-detail"}>
        {shown.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the messages of one field, in validate's order
          <li key={index} className={isWarning(message) ? "warning" : "error"}>
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether all a field has are warnings: then it is marked `has-warning`, not as an error (SourceField.tsx). */
export const warningsOnly = (rawErrors: readonly string[] | undefined): boolean =>
  !!rawErrors?.length && rawErrors.every(isWarning);
