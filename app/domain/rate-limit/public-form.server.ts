/**
 * The spec §5 limiter of the public forms (company request, forum posts, listings, newsletter
 * signup, promotion checkout): 5 per 15 minutes per client address and form, counted atomically.
 * The order every public form keeps (docs/decisions/150) is in app/http/public-form.server.ts:
 * the body limit (server) → the honeypot → the limiter → parsing, validation and any decoding →
 * the write. A submission refused for its input before anything costly ran (a typo, a photo of the
 * wrong type) gives its attempt back (`forgivePublicForm`), so a typo still does not count.
 */
import type { DbOrTx } from "~/db/client.server";
import { consumeRateLimit, type RateLimitResult, releaseAttempts, SPEC_LIMIT } from "./limiter.server";

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

/**
 * Gives back the attempt `limitPublicForm` counted, for a submission refused for its input before
 * anything costly ran (a typo is not counted). Nothing to give back after a refusal.
 */
export async function forgivePublicForm(db: DbOrTx, limit: RateLimitResult): Promise<void> {
  if (limit.ok) await releaseAttempts(db, limit.attemptIds);
}

/** The limiter's refusal in the visitor's words (the error table's `rate_limited`). */
export function tooManyRequestsMessage(minutes: number): string {
  return `Poslali ste previše zahteva. Pokušajte ponovo za ${minutes} min.`;
}
