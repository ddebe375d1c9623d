/**
 * A domain result as the screen shows it (decision 271): a failure's code with its `message` and
 * HTTP `status` from the error table, the field codes in `fieldErrors` and a `formError` code in
 * the spec's words — so a test keeps asserting on what the user reads while the domain answers
 * with codes.
 */
import { ERRORS, type ErrorCode, errorMessage, errorStatus } from "~/http/errors";
import { fieldErrorsText, fieldMessage } from "~/messages/fields";

type InWords<R> = R extends { ok: false } ? R & { message: string; status: number } : R;

export function inWords<R>(result: R): InWords<R> {
  if (typeof result !== "object" || result === null) return result as InWords<R>;
  const out: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  if (out.fieldErrors && typeof out.fieldErrors === "object") {
    out.fieldErrors = fieldErrorsText(out.fieldErrors as Record<string, string>);
  }
  if (typeof out.formError === "string") out.formError = fieldMessage(out.formError);
  if (out.ok === false && typeof out.code === "string" && out.code in ERRORS) {
    const code = out.code as ErrorCode;
    out.message = errorMessage(code, typeof out.detail === "string" ? out.detail : undefined);
    out.status = errorStatus(code);
  }
  return out as InWords<R>;
}
