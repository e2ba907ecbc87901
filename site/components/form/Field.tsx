import { plainText } from "../../../schemas/phrases.ts";
import { form as formBehaviour } from "../../generated/behaviour.ts";
import { cn } from "../../lib/cn.ts";
import { Phrased } from "../Phrased.tsx";

const control =
  "block w-full rounded-xl border border-line bg-white px-4 py-3 text-base text-ink placeholder:text-muted/80 focus:border-focus aria-[invalid=true]:border-red-700";

interface FieldBase {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  className?: string;
}

function FieldShell({
  id,
  label,
  required,
  error,
  className,
  children,
}: Omit<FieldBase, "name"> & { children: React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        <Phrased text={label} />
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-800">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          <Phrased text={error} />
        </p>
      )}
    </div>
  );
}

/** Props that tie a control to its label, its required state and its error message. */
function controlProps({ id, name, required, error }: FieldBase) {
  return {
    id,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
}

export function TextField({
  type = "text",
  placeholder,
  autoComplete,
  maxLength,
  defaultValue,
  ...field
}: FieldBase & {
  type?: "text" | "email";
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  defaultValue?: string;
}) {
  return (
    <FieldShell {...field}>
      <input
        {...controlProps(field)}
        type={type}
        placeholder={placeholder && plainText(placeholder)}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={defaultValue}
        className={control}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  placeholder,
  maxLength,
  defaultValue,
  ...field
}: FieldBase & { placeholder?: string; maxLength?: number; defaultValue?: string }) {
  return (
    <FieldShell {...field}>
      <textarea
        {...controlProps(field)}
        placeholder={placeholder && plainText(placeholder)}
        maxLength={maxLength}
        defaultValue={defaultValue}
        rows={5}
        style={{ minHeight: formBehaviour.longTextMinHeightPx }}
        className={cn(control, "resize-y")}
      />
    </FieldShell>
  );
}

/**
 * A native select (works without JavaScript). Its first option is the
 * placeholder: disabled, so it can never be chosen or sent; every real
 * option's value comes from data/form-options.yaml and is never empty.
 */
export function SelectField({
  options,
  placeholder,
  defaultValue,
  ...field
}: FieldBase & {
  options: readonly { value: string; label: string }[];
  placeholder: string;
  defaultValue?: string;
}) {
  return (
    <FieldShell {...field}>
      <select {...controlProps(field)} defaultValue={defaultValue ?? ""} className={cn(control, "appearance-auto")}>
        <option value="" disabled>
          {plainText(placeholder)}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {/* An <option> holds text only: the phrase as plain words. */}
            {plainText(option.label)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
