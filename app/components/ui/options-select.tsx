import type { SelectHTMLAttributes } from "react";
import { Select } from "./field";

/** A value and what the select shows for it. */
export type SelectOption = readonly [value: string, text: string];

/** A select drawn from [value, text] pairs (a filter bar's "Svi …" first, usually). */
export function OptionsSelect({
  options,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & { options: readonly SelectOption[] }) {
  return (
    <Select {...props}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Select>
  );
}
