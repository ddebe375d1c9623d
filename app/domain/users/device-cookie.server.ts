/**
 * The known-device cookie (OWASP's "device cookie" against account lockout, docs/decisions/141).
 * A successful sign-in leaves in that browser a cookie naming the e-mail that signed in, a random
 * nonce and an HMAC of both under a server secret. A later sign-in for the same e-mail that
 * presents a valid one comes from a *known device*: it is limited per device, never by the
 * account-wide delay that wrong passwords from strangers build up — so a stranger who sprays
 * wrong passwords at a staff e-mail slows down only browsers the account never used.
 *
 * The cookie proves nothing by itself (the password is still checked); it is HttpOnly, limited to
 * /admin, and a stolen one is limited to 5 attempts per 15 minutes of its own. This module makes and
 * reads the token; the cookie itself is written by the edge (`app/http/auth.server.ts`).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { getServerSecret } from "~/domain/secrets/server-secrets.server";

const SECRET_NAME = "login-device-cookie";

export type KnownDevice = { nonce: string };

function sign(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", secret).update(`${email}\n${nonce}`).digest("base64url");
}

/** A new device token for `email` (normalised), to be set after a successful sign-in. */
export function newDeviceToken(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${Buffer.from(email).toString("base64url")}.${nonce}.${sign(secret, email, nonce)}`;
}

/**
 * The device token a one-time sign-in link stands for (sign-in-link.server.ts, decision 228): its
 * nonce is derived from the link, so the attempts made with one link are limited per link (5 per 15
 * minutes, as a device), never by the account's delay for unknown devices.
 */
export function linkDeviceToken(secret: string, email: string, linkTokenHash: string): string {
  const nonce = createHash("sha256")
    .update(`sign-in-link\n${linkTokenHash}`)
    .digest("base64url")
    .slice(0, 32);
  return `${Buffer.from(email).toString("base64url")}.${nonce}.${sign(secret, email, nonce)}`;
}

/** The device a token names, when it is well-formed, signed by us and issued to `email`. */
export function readDeviceToken(secret: string, token: string | null, email: string): KnownDevice | null {
  if (!token || token.length > 600) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [encodedEmail, nonce, signature] = parts;
  if (!/^[\w-]{16,64}$/.test(nonce) || !/^[\w-]{43}$/.test(signature)) return null;
  if (Buffer.from(encodedEmail, "base64url").toString() !== email) return null;
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { nonce };
}

export function deviceSecret(db: DbOrTx): Promise<string> {
  return getServerSecret(db, SECRET_NAME);
}
