/**
 * The spec §5 limiter of the public forms (company request, forum posts, listings, newsletter
 * signup, promotion checkout): 5 per 15 minutes per client address and form, counted atomically.
 * The order every public form keeps is in app/http/public-form.server.ts.
 */
import type { DbOrTx } from "~/db/client.server";
import { consumeRateLimit, type RateLimitResult, SPEC_LIMIT } from "./limiter.server";

/**
 * Counts one submission of `form` (a short name: "company-request", "forum-topic" …) from this
 * address, or refuses it. Without a known address (tests, a broken proxy) nothing is limited.
 */
export async function limitPublicForm(
  db: DbOrTx,
  form: string,
  clientIp: string | null,
  now = new Date(),
): Promise<RateLimitResult> {
  if (!clientIp) return { ok: true, attemptIds: [] };
  return consumeRateLimit(db, [{ key: `${form}:ip:${clientIp}`, ...SPEC_LIMIT }], now);
}

/** The limiter's refusal in the visitor's words (the error table's `rate_limited`). */
export function tooManyRequestsMessage(minutes: number): string {
  return `Poslali ste previše zahteva. Pokušajte ponovo za ${minutes} min.`;
}
