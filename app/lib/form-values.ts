/**
 * The form pipeline's values, without its schemas (those are in lib/form.ts, which re-exports all
 * of this): the fields as typed, read from a post and read back into inputs. A module of its own,
 * without Zod, so that a screen that only shows values and errors loads no Zod in the browser (the
 * article form, decision 292: the browser runs plain rules, the server the schema).
 */

export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type FormReadOptions = {
  /** Fields read with getAll() and kept as arrays. */
  lists?: readonly string[];
  /** File fields handed to the schema (as File, or File[] when also in `lists`). */
  files?: readonly string[];
  /** Fields never echoed back to the browser (passwords). */
  secret?: readonly string[];
};

type Source = FormData | URLSearchParams;

/** The submitted text fields as typed (files left out, `lists` as arrays). */
export function formValues(form: Source, options: FormReadOptions = {}): FormValues {
  const lists = new Set(options.lists ?? []);
  const files = new Set(options.files ?? []);
  const values: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (files.has(key)) continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = lists.has(key) ? all : (all[0] ?? "");
  }
  for (const key of lists) values[key] ??= [];
  return values;
}

/** A string value of `values` (for defaultValue), "" when missing or a list. */
export function textValue(values: FormValues | undefined, name: string): string {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
}

/** A list value of `values`, [] when missing. */
export function listOf(values: FormValues | undefined, name: string): string[] {
  const v = values?.[name];
  if (Array.isArray(v)) return v;
  return typeof v === "string" && v !== "" ? [v] : [];
}
