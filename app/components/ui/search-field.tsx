import { Input } from "./field";

/**
 * The text search of a filter bar: `?q=`, a search box whose label is read by screen readers only
 * (the placeholder says what to type).
 */
export function SearchField({
  label,
  placeholder,
  defaultValue,
}: {
  label: string;
  placeholder: string;
  defaultValue: string;
}) {
  return (
    <>
      <label htmlFor="q" className="sr-only">
        {label}
      </label>
      <Input id="q" name="q" type="search" placeholder={placeholder} defaultValue={defaultValue} />
    </>
  );
}
