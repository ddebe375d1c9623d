import { type FieldErrors, type FormValues, listOf } from "~/lib/form";

/** A group of checkboxes sharing one name (read with getAll), with its own error. */
export function CheckboxGroup({
  name,
  label,
  options,
  values,
  errors,
  idPrefix,
  hint,
}: {
  values: FormValues;
  errors: FieldErrors;
  idPrefix: string;
  name: string;
  label: string;
  options: readonly [string, string][];
  hint?: string;
}) {
  const checked = new Set(listOf(values, name));
  const error = errors[name];
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {options.map(([value, text]) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.has(value)}
              className="h-4 w-4 rounded border-slate-300"
            />
            {text}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
