/**
 * Every newsletter carries a per-recipient unsubscribe link (in the footer and in the
 * List-Unsubscribe header, RFC 8058): `/newsletter/odjava?id={subscriberId}&token={signature}`,
 * where the signature is an HMAC-SHA256 of the subscriber id and e-mail under a server secret.
 * Nobody can unsubscribe someone else by guessing ids; the link needs no sign-in and never expires.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { getServerSecret } from "~/domain/secrets/server-secrets.server";

export const UNSUBSCRIBE_PATH = "/newsletter/odjava";
/** Where a newsletter template puts the link; the provider fills it per recipient (recipient variables). */
export const UNSUBSCRIBE_PLACEHOLDER = "%recipient.unsubscribe_url%";
const SECRET_NAME = "newsletter-unsubscribe";

export function unsubscribeSecret(db: DbOrTx): Promise<string> {
  return getServerSecret(db, SECRET_NAME);
}

export function signUnsubscribe(secret: string, subscriberId: number, email: string): string {
  return createHmac("sha256", secret)
    .update(`newsletter-unsubscribe:v1:${subscriberId}:${email.toLowerCase()}`)
    .digest("base64url");
}

/** Constant-time check of the token from a link. */
export function verifyUnsubscribe(
  secret: string,
  subscriberId: number,
  email: string,
  token: string,
): boolean {
  const expected = Buffer.from(signUnsubscribe(secret, subscriberId, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(expected, given);
}

export function unsubscribeUrl(origin: string, secret: string, subscriberId: number, email: string): string {
  const params = new URLSearchParams({
    id: String(subscriberId),
    token: signUnsubscribe(secret, subscriberId, email),
  });
  return `${origin}${UNSUBSCRIBE_PATH}?${params}`;
}
