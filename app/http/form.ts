/**
 * The form pipeline at the edge: `parseForm` of app/lib/form.ts, with the field codes of the
 * domain's schemas turned into the spec's words (decision 271), so a failed submission answers
 * with text the form shows next to each field. Routes parse with this one.
 */
import type { z } from "zod";
import { type FormReadOptions, type ParsedForm, parseForm as parseFields } from "~/lib/form";
import { wordsOfParsed } from "~/messages/fields";

export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData | URLSearchParams | Record<string, unknown>,
  options: FormReadOptions = {},
): ParsedForm<z.output<S>> {
  return wordsOfParsed(parseFields(schema, form, options));
}
