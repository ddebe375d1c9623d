/**
 * The guard every public form shares (company request, forum posts, listings, newsletter signup):
 * a honeypot field that people never see and bots fill in, and the spec §5 limiter (5 per
 * 15 minutes per client address and form), counted atomically. The order matters and is the same
 * everywhere (docs/decisions/150): the body limit (server) → the honeypot → the limiter → parsing,
 * validation and any decoding → the write. Nothing costly runs before the limiter; a submission
 * refused for its input before anything costly ran (a typo, a photo of the wrong type) gives its
 * attempt back (`forgivePublicForm`), so a typo still does not count. An upload form runs the
 * limiter before its body is read at all (it needs only the address), then the honeypot.
 */
import type { DbOrTx } from "~/db/client.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { consumeRateLimit, type RateLimitResult, releaseAttempts, SPEC_LIMIT } from "./limiter.server";

export { HONEYPOT_FIELD };

/** True when the hidden honeypot field was filled in: answer as if it worked, store nothing. */
export function honeypotFilled(form: FormData | URLSearchParams): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

export function tooManyRequestsMessage(minutes: number): string {
  return `Poslali ste previše zahteva. Pokušajte ponovo za ${minutes} min.`;
}

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
