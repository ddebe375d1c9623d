import type { FieldErrors, FormValues } from "~/lib/form";

/** A save refused by its form's schema: the message, what was typed and each field's error. */
export function formRefusal(message: string, parsed: { values: FormValues; fieldErrors: FieldErrors }) {
  return { ok: false as const, message, values: parsed.values, fieldErrors: parsed.fieldErrors };
}
