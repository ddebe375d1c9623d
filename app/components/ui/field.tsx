import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
} from "react";
import { type FieldErrors, type FormValues, textValue } from "~/lib/form-values";
import { cn } from "./cn";

export const controlClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** The ids that tie a control to its hint and error (aria-describedby). */
function describedBy(id: string | undefined, invalid?: boolean, hint?: boolean): string | undefined {
  if (!id) return undefined;
  const ids = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it, named `${id}-error` for its control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="text-xs font-medium text-red-600">
      {error}
    </p>
  ) : null;
}

type ControlProps = { invalid?: boolean; className?: string; id?: string };

/**
 * What every control shares: the invalid state for screen readers, its message, the red border;
 * the caller's own attributes come after, as given.
 */
function control<P extends ControlProps>({ invalid, className, ...props }: P) {
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy(props.id, invalid),
    className: cn(controlClass, invalid ? "border-red-400" : "border-slate-300", className),
    ...props,
  };
}

export function Input(props: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input {...control(props)} />;
}

export function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return <textarea {...control(props)} />;
}

export function Select(props: SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }) {
  return <select {...control(props)} />;
}

type FormState = { values?: FormValues; errors?: FieldErrors };

/**
 * One labelled text control of the form pipeline: its value comes back from `values` after a failed
 * submission and its message from `errors`, both keyed by `name` (lib/form.ts `parseForm`).
 * `multiline` gives a textarea. `onValueChange` follows what is typed (for a live preview) while
 * the control stays uncontrolled.
 */
export function TextField({
  name,
  label,
  values,
  errors,
  hint,
  idPrefix,
  required,
  multiline,
  rows = 5,
  className,
  defaultValue,
  onValueChange,
  ...inputProps
}: FormState & {
  name: string;
  label: string;
  hint?: ReactNode;
  idPrefix?: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  className?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "required">) {
  const id = idPrefix ? `${idPrefix}-${name}` : name;
  const error = errors?.[name];
  const value = values && name in values ? textValue(values, name) : (defaultValue ?? "");
  const aria = describedBy(id, Boolean(error), Boolean(hint) && !error);
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      {multiline ? (
        <Textarea
          id={id}
          name={name}
          rows={rows}
          defaultValue={value}
          invalid={Boolean(error)}
          aria-describedby={aria}
          aria-required={required || undefined}
          maxLength={inputProps.maxLength}
          placeholder={inputProps.placeholder}
          disabled={inputProps.disabled}
          readOnly={inputProps.readOnly}
          onChange={onValueChange ? (e) => onValueChange(e.currentTarget.value) : undefined}
        />
      ) : (
        <Input
          id={id}
          name={name}
          defaultValue={inputProps.value === undefined ? value : undefined}
          invalid={Boolean(error)}
          aria-describedby={aria}
          aria-required={required || undefined}
          {...inputProps}
          onChange={(e) => {
            inputProps.onChange?.(e);
            onValueChange?.(e.currentTarget.value);
          }}
        />
      )}
    </Field>
  );
}

/** A labelled select of the form pipeline; `options` are values or [value, label] pairs. */
export function SelectField({
  name,
  label,
  values,
  errors,
  hint,
  idPrefix,
  required,
  options,
  placeholder,
  className,
  defaultValue,
  ...selectProps
}: FormState & {
  name: string;
  label: string;
  hint?: ReactNode;
  idPrefix?: string;
  required?: boolean;
  options: readonly (string | readonly [string, string])[];
  /** The first, empty option ("Izaberite…"); omit for none. */
  placeholder?: string;
  className?: string;
  defaultValue?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "defaultValue" | "required">) {
  const id = idPrefix ? `${idPrefix}-${name}` : name;
  const error = errors?.[name];
  const value = values && name in values ? textValue(values, name) : (defaultValue ?? "");
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <Select
        id={id}
        name={name}
        defaultValue={selectProps.value === undefined ? value : undefined}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, Boolean(error), Boolean(hint) && !error)}
        aria-required={required || undefined}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const [v, l] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </Select>
    </Field>
  );
}

/**
 * After a failed submission, moves the keyboard focus to the first field marked invalid (and so
 * the screen reader reads its message). `result` is the action data: a new object per submission.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, result: unknown): void {
  useEffect(() => {
    if (!result || typeof result !== "object") return;
    const errors = (result as { fieldErrors?: FieldErrors }).fieldErrors;
    if (!errors || Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [formRef, result]);
}
