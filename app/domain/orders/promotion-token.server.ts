/**
 * The key that lets the poster of a listing pay for its promotion before staff approve it: right
 * after posting, the thank-you page carries HMAC-SHA256(secret, "listing-promotion:v1:{id}"). A
 * pending listing is not public, so without the key nobody can start a checkout for it (and learn
 * that it exists); a live listing needs no key.
 *
 * The secret is generated once and kept in `server_secrets` (like the campaign report links).
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { getServerSecret } from "~/domain/secrets/server-secrets.server";

const SECRET_NAME = "listing-promotion";

export function signListing(secret: string, listingId: number): string {
  return createHmac("sha256", secret).update(`listing-promotion:v1:${listingId}`).digest("base64url");
}

export function verifyListingToken(secret: string, listingId: number, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(signListing(secret, listingId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** The signing secret, created on first use. */
export async function promotionSecret(db: DbOrTx): Promise<string> {
  return getServerSecret(db, SECRET_NAME);
}
