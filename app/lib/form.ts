/**
 * The one form pipeline: every form has one Zod schema (used by the action, and by the client for
 * instant feedback where it helps); `parseForm` runs it over the submitted fields and returns
 * either the parsed data or the field errors, always together with the values exactly as typed,
 * so a failed submission re-renders the form with nothing lost.
 *
 *   const parsed = parseForm(topicSchema, form);
 *   if (!parsed.ok) return data({ values: parsed.values, fieldErrors: parsed.fieldErrors }, { status: 400 });
 *   await createTopic(db, parsed.data);
 *
 * Values are strings; a field named in `lists` is read with `getAll` and kept as a string array
 * (tags, services, selected ids). Files are left out of the values (they cannot be re-filled into
 * a file input anyway) but reach the schema when asked for in `files`.
 */
import { z } from "zod";
import { parseId, parseIds } from "./ids";

export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type ParsedForm<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; values: FormValues; fieldErrors: FieldErrors; formError?: string };

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

function schemaInput(form: Source, values: FormValues, options: FormReadOptions): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  const lists = new Set(options.lists ?? []);
  for (const key of options.files ?? []) {
    const entries = form.getAll(key).filter((v): v is File => typeof v !== "string" && v.size > 0);
    input[key] = lists.has(key) ? entries : entries[0];
  }
  return input;
}

/** Field errors from a Zod error: the first message per top-level field; root issues become formError. */
export function zodFieldErrors(error: z.ZodError): { fieldErrors: FieldErrors; formError?: string } {
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (key === undefined) {
      formError ??= issue.message;
    } else {
      fieldErrors[String(key)] ??= issue.message;
    }
  }
  return { fieldErrors, formError };
}

/** Runs the form's schema over the submitted fields (FormData, URLSearchParams or a plain object). */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: Source | Record<string, unknown>,
  options: FormReadOptions = {},
): ParsedForm<z.output<S>> {
  let values: FormValues;
  let input: Record<string, unknown>;
  if (form instanceof FormData || form instanceof URLSearchParams) {
    values = formValues(form, options);
    input = schemaInput(form, values, options);
  } else {
    input = form;
    values = Object.fromEntries(
      Object.entries(form).filter(
        (entry): entry is [string, FormValue] =>
          typeof entry[1] === "string" ||
          (Array.isArray(entry[1]) && entry[1].every((v) => typeof v === "string")),
      ),
    );
  }
  for (const key of options.secret ?? []) delete values[key];
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, values, ...zodFieldErrors(result.error) };
}

/** A string value of `values` (for defaultValue), "" when missing or a list. */
export function textValue(values: FormValues | undefined, name: string): string {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
}

/**
 * Decision 061's rule for an edit that does not refuse: a field the form always sends but this post
 * lacks keeps its stored value instead of being taken for a blank. A list is kept when its marker
 * (a field sent beside it, e.g. the tag box's text) is missing too; checkboxes are never filled
 * (absent is "off"). The post itself is not changed.
 */
export function withStoredFields(
  form: FormData,
  stored: FormValues,
  { skip = [], lists = {} }: { skip?: readonly string[]; lists?: Record<string, string> } = {},
): FormData {
  const filled = new FormData();
  for (const [key, value] of form) filled.append(key, value);
  for (const [key, value] of Object.entries(stored)) {
    if (skip.includes(key) || form.has(key)) continue;
    if (Array.isArray(value)) {
      const marker = lists[key];
      if (marker && !form.has(marker)) for (const item of value) filled.append(key, item);
    } else filled.set(key, value);
  }
  return filled;
}

/** A list value of `values`, [] when missing. */
export function listOf(values: FormValues | undefined, name: string): string[] {
  const v = values?.[name];
  if (Array.isArray(v)) return v;
  return typeof v === "string" && v !== "" ? [v] : [];
}

/**
 * Inside a schema's `.transform((values, ctx) => …)`: reports a plain validator's field errors (and
 * its form-level message) as Zod issues, so a form whose rules check several fields together still
 * answers with every error at once through `parseForm`.
 *
 *   z.object(shape).transform((v, ctx) => {
 *     const r = validateBanner(v);
 *     return r.ok ? r.value : reportIssues(ctx, r.fieldErrors);
 *   });
 */
export function reportIssues(ctx: z.RefinementCtx, fieldErrors: FieldErrors, formError?: string): never {
  if (formError) ctx.addIssue({ code: "custom", message: formError, path: [] });
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (message) ctx.addIssue({ code: "custom", message, path: [field] });
  }
  return z.NEVER;
}

// --- Small schema pieces shared by the forms ----------------------------------------------------

/**
 * A trimmed string the screen always sends (empty allowed). Missing is an error with `message`,
 * never "": a save that overwrites stored values must not take a post without the field for a
 * blank one (decision 061).
 */
export const sentText = (message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: message }));

/**
 * The code a save answers for a field its form always sends and this post lacks (decision 061);
 * its words are in app/messages/common.ts.
 */
export const FORM_NOT_SENT = "form.notSent";

/** `sentText` with the one message for a post that lost a field on the way. */
export const sentField = () => sentText(FORM_NOT_SENT);

/** A trimmed string; missing becomes "". */
export const trimmed = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v),
    z.string(),
  );

/**
 * The code of a text over `max` characters ("Najviše {max} karaktera.", app/messages/common.ts):
 * the code with the number as its detail.
 */
export const tooLongCode = (max: number) => `form.tooLong:${max}`;

/** A required trimmed text with the code (or message) for a missing one, at most `max` characters. */
export function requiredText(message: string, max: number, tooLong?: string) {
  return trimmed().pipe(
    z
      .string()
      .min(1, message)
      .max(max, tooLong ?? tooLongCode(max)),
  );
}

/** An optional trimmed text ("" when left empty), at most `max` characters. */
export function optionalText(max: number, tooLong?: string) {
  return trimmed().pipe(z.string().max(max, tooLong ?? tooLongCode(max)));
}

/** An optional text a save's form always sends: empty allowed, missing refused (decision 061). */
export function sentOptionalText(max: number, tooLong?: string) {
  return sentField().pipe(z.string().max(max, tooLong ?? tooLongCode(max)));
}

/** A checkbox: present ("on", "true", "1") is true. */
export const checkbox = () =>
  z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

/** A row id (digits, 1 to 2147483647); anything else is the field error `message`. */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx): number => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** Repeated id fields (bulk actions): the valid ones, each once; none at all is `message`. */
export const idList = (message: string) =>
  z.preprocess(
    (value) => parseIds(Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z.array(z.number()).min(1, message),
  );
