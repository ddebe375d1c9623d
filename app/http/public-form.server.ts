/**
 * The one flow of every public text form (forum topics and comments, company requests, the
 * newsletter signup), in decision 150's order: the body limit (server) → the honeypot → the spec §5
 * limiter (5 per 15 minutes per address and form, atomic) → parsing and validation (a typo gives
 * its attempt back with `forgivePublicForm`, so it is not counted) → the write. A filled honeypot
 * counts against the limiter and is answered like a success, storing nothing. Failures come back
 * with the values as typed, so the page re-fills the form. The listing form, which carries photos,
 * runs the limiter before its body is read at all (app/routes/public/listing-new.tsx).
 */
import type { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import { forgivePublicForm, limitPublicForm } from "~/domain/rate-limit/public-form.server";
import type { Result } from "~/domain/result";
import type { FieldErrors, FormReadOptions, FormValues } from "~/lib/form";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { logger } from "~/lib/logger.server";
import { type ErrorCode, errorMessage, errorStatus } from "./errors";
import { parseForm } from "./form";

/** True when the hidden honeypot field was filled in: answer as if it worked, store nothing. */
export function honeypotFilled(form: FormData | URLSearchParams): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

export type PublicFormAnswer<T> =
  | { ok: true; status: 200; value: T | null }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; values: FormValues };

export async function submitPublicForm<S extends z.ZodType, T>(
  db: DbOrTx,
  {
    form,
    name,
    schema,
    read,
    clientIp,
    now = new Date(),
    messages,
    echo,
    write,
  }: {
    form: FormData;
    /** The limiter's name of the form ("forum-topic", "company-request" …). */
    name: string;
    schema: S;
    read?: FormReadOptions;
    clientIp: string | null;
    now?: Date;
    /** The form's words: the 400 message over the field errors, and the message of a failed write. */
    messages: { fixErrors: string; failed: string };
    /** Only these values go back to the page (all of them when not given). */
    echo?: readonly string[];
    /** Stores the parsed data; a failure's code says what the visitor reads. */
    write: (data: z.output<S>) => Promise<Result<T, ErrorCode>>;
  },
): Promise<PublicFormAnswer<T>> {
  if (honeypotFilled(form)) {
    await limitPublicForm(db, name, clientIp, now);
    return { ok: true, status: 200, value: null };
  }
  const limit = await limitPublicForm(db, name, clientIp, now);
  const parsed = parseForm(schema, form, read);
  const values = echo
    ? Object.fromEntries(echo.map((key) => [key, parsed.values[key] ?? ""]))
    : parsed.values;
  const refuse = (status: number, message: string, fieldErrors: FieldErrors = {}) =>
    ({ ok: false, status, message, fieldErrors, values }) as const;
  if (!limit.ok)
    return refuse(errorStatus("rate_limited"), errorMessage("rate_limited", String(limit.retryAfterMinutes)));
  if (!parsed.ok) {
    await forgivePublicForm(db, limit);
    return refuse(400, messages.fixErrors, parsed.fieldErrors);
  }
  try {
    const written = await write(parsed.data);
    if (!written.ok) return refuse(errorStatus(written.code), errorMessage(written.code, written.detail));
    return { ok: true, status: 200, value: written.value };
  } catch (error) {
    logger.error({ err: error, form: name }, "public form could not be stored");
    return refuse(500, messages.failed);
  }
}
