/**
 * The one way a multi-action route reads its POST (decision 170): the form is read once, its
 * `intent` picks one schema of a Zod discriminated union (one schema per intent), and the route
 * gets typed values — or the field errors with the values as typed, or "unknown intent".
 *
 *   const schema = z.discriminatedUnion("intent", [
 *     z.object({ intent: z.literal("toggle"), userId: idField }),
 *     z.object({ intent: z.literal("delete"), userId: idField }),
 *   ]);
 *   const parsed = await readIntent(request, schema);
 *   if (!parsed.ok) return parsed.known ? invalid(parsed) : unknownIntent();
 *   switch (parsed.data.intent) { … }
 *
 * `readIntent` is the way in for every route. A route that needs the form itself after the
 * intent (a second schema over the same post, the honeypot, decision 061's "sent" fields) takes
 * it from the answer's `form`. `parseIntent` is its inner step, called directly only where the
 * post is not read with `request.formData()`: the multipart uploads, whose fields come from the
 * upload reader (routes/admin/api/media.ts).
 */
import type { z } from "zod";
import type { FieldErrors, FormReadOptions, FormValues } from "~/lib/form";
import { parseForm } from "./form";

type IntentOption = z.ZodObject<{ intent: z.ZodLiteral<string> } & z.ZodRawShape>;
export type IntentSchema = z.ZodDiscriminatedUnion<readonly IntentOption[], "intent">;

export type IntentForm<T> =
  | { ok: true; intent: string; data: T; values: FormValues }
  | {
      ok: false;
      /** The intent as sent ("" when missing). */
      intent: string;
      /** False when the intent is none of the schema's: the route answers "Nepoznata akcija.". */
      known: boolean;
      values: FormValues;
      fieldErrors: FieldErrors;
      formError?: string;
    };

/** The intents a schema knows, read from its literals. */
export function intentsOf(schema: IntentSchema): string[] {
  return schema.options.map((option) => String(option.shape.intent.value));
}

/** Parses an already read form (or URLSearchParams) with the intent schema. */
export function parseIntent<S extends IntentSchema>(
  schema: S,
  form: FormData | URLSearchParams,
  options: FormReadOptions = {},
): IntentForm<z.output<S>> {
  const raw = form.get("intent");
  const intent = typeof raw === "string" ? raw : "";
  const parsed = parseForm(schema, form, options);
  if (parsed.ok) return { ok: true, intent, data: parsed.data, values: parsed.values };
  return {
    ok: false,
    intent,
    known: intentsOf(schema).includes(intent),
    values: parsed.values,
    fieldErrors: parsed.fieldErrors,
    formError: parsed.formError,
  };
}

/** Reads the request's form once and parses it with the intent schema; the form comes along. */
export async function readIntent<S extends IntentSchema>(
  request: Request,
  schema: S,
  options: FormReadOptions = {},
): Promise<IntentForm<z.output<S>> & { form: FormData }> {
  const form = await request.formData();
  return { ...parseIntent(schema, form, options), form };
}
