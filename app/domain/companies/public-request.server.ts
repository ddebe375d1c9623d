/**
 * The visitors' company request (`/kompanije/nova`): validated and sanitised, rate limited to
 * 5 per 15 minutes per client address (spec §5, counted in the database), and guarded by a
 * honeypot field — a filled honeypot gets the normal thank-you answer but creates nothing.
 */
import type { DbOrTx } from "~/db/client.server";
import { rateLimitBlockedMinutes, recordRateLimitedAttempt } from "~/domain/users/rate-limit.server";
import { COMPANY_CATEGORIES } from "./constants";

export { HONEYPOT_FIELD } from "./constants";

import { createSubmission } from "./submissions.server";
import { type CompanyField, type CompanyInput, validateCompanyInput } from "./validation";

export const REQUEST_MESSAGES = {
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  failed: "Slanje nije uspelo. Molimo pokušajte ponovo.",
} as const;

export function tooManyRequestsMessage(minutes: number): string {
  return `Poslali ste previše zahteva. Pokušajte ponovo za ${minutes} min.`;
}

export function requestRateLimitKey(clientIp: string | null): string | null {
  return clientIp ? `company-request:ip:${clientIp}` : null;
}

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
  input: CompanyInput & { honeypot: string },
  clientIp: string | null,
  now = new Date(),
): Promise<PublicRequestResult> {
  const key = requestRateLimitKey(clientIp);
  if (key) {
    const minutes = await rateLimitBlockedMinutes(db, [key], now);
    if (minutes > 0)
      return { ok: false, status: 429, message: tooManyRequestsMessage(minutes), fieldErrors: {} };
  }
  if (input.honeypot.trim() !== "") {
    if (key) await recordRateLimitedAttempt(db, [key], now);
    return { ok: true, status: 200 };
  }
  const validation = validateCompanyInput(input, { mode: "public", categories: COMPANY_CATEGORIES, now });
  if (!validation.ok) {
    return {
      ok: false,
      status: 400,
      message: REQUEST_MESSAGES.fixErrors,
      fieldErrors: validation.fieldErrors,
    };
  }
  try {
    await createSubmission(db, validation.data);
    if (key) await recordRateLimitedAttempt(db, [key], now);
    return { ok: true, status: 200 };
  } catch {
    return { ok: false, status: 500, message: REQUEST_MESSAGES.failed, fieldErrors: {} };
  }
}
