/**
 * The visitors' company request (`/kompanije/nova`): validated and sanitised, guarded by the
 * honeypot and rate limited to 5 per 15 minutes per client address (spec §5), counted atomically
 * before validation, and given back when validation refuses it (domain/rate-limit/public-form.server.ts).
 * A filled honeypot gets the normal thank-you answer but creates nothing.
 */
import type { DbOrTx } from "~/db/client.server";
import {
  forgivePublicForm,
  limitPublicForm,
  tooManyRequestsMessage,
} from "~/domain/rate-limit/public-form.server";
import { logger } from "~/lib/logger.server";
import { COMPANY_CATEGORIES } from "./constants";
import { createSubmission } from "./submissions.server";
import { type CompanyField, type CompanyInput, validateCompanyInput } from "./validation";

export { tooManyRequestsMessage };

export const REQUEST_MESSAGES = {
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  failed: "Slanje nije uspelo. Molimo pokušajte ponovo.",
} as const;

export const COMPANY_REQUEST_FORM = "company-request";

export type PublicRequestResult =
  | { ok: true; status: 200 }
  | {
      ok: false;
      status: 400 | 429 | 500;
      message: string;
      fieldErrors: Partial<Record<CompanyField, string>>;
    };

export async function submitCompanyRequest(
  db: DbOrTx,
  input: CompanyInput & { honeypotFilled: boolean },
  clientIp: string | null,
  now = new Date(),
): Promise<PublicRequestResult> {
  if (input.honeypotFilled) {
    await limitPublicForm(db, COMPANY_REQUEST_FORM, clientIp, now);
    return { ok: true, status: 200 };
  }
  const limit = await limitPublicForm(db, COMPANY_REQUEST_FORM, clientIp, now);
  if (!limit.ok) {
    return {
      ok: false,
      status: 429,
      message: tooManyRequestsMessage(limit.retryAfterMinutes),
      fieldErrors: {},
    };
  }
  const validation = validateCompanyInput(input, { mode: "public", categories: COMPANY_CATEGORIES, now });
  if (!validation.ok) {
    await forgivePublicForm(db, limit);
    return {
      ok: false,
      status: 400,
      message: REQUEST_MESSAGES.fixErrors,
      fieldErrors: validation.fieldErrors,
    };
  }
  try {
    await createSubmission(db, validation.data);
    return { ok: true, status: 200 };
  } catch (error) {
    logger.error({ err: error }, "company request could not be stored");
    return { ok: false, status: 500, message: REQUEST_MESSAGES.failed, fieldErrors: {} };
  }
}
