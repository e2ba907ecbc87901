// A reference picked from what exists (an author among the consultants, a
// tag among the tags): a text field with the choices as suggestions, so a
// value that is not one of them stays visible with its error.
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";

export function ReferenceWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  options,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const choices = (options.choices as { value: string; label: string }[] | undefined) ?? [];
  return (
    <>
      <input
        id={id}
        name={id}
        className="form-control"
        type="text"
        list={`${id}__choices`}
        value={typeof value === "string" ? value : ""}
        required={required}
        disabled={disabled || readonly}
        autoComplete="off"
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <datalist id={`${id}__choices`}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
