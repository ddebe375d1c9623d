/**
 * Private links that act for someone without an account (docs/decisions/300): a poster managing
 * their listing, a visitor changing their alert. Two kinds, both unguessable and compared in
 * constant time:
 *
 * - **stored** links (`issueStoredToken`): 32 random bytes, signed with a server secret; only the
 *   SHA-256 of the random part is kept, so the database never holds a working link and a link is
 *   revoked by removing (or marking) its hash. A forged link fails the signature before any
 *   lookup. Used where a link is made once and sent at once (a listing's management link).
 * - **derived** links (`deriveToken`): an HMAC of the purpose and the record's identity, like the
 *   newsletter's unsubscribe links (decision 082). Used where a message must be rendered again
 *   after a crash (an alert e-mail of a resumable bulk send): no token can be kept to re-render,
 *   so the link is recomputed; it stops working when the record (or its address) goes.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { getServerSecret } from "./server-secrets.server";

const SECRET_NAME = "access-links";
/** The random part: 32 bytes, 43 base64url characters. */
const RANDOM_BYTES = 32;
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;

export function accessSecret(db: DbOrTx): Promise<string> {
  return getServerSecret(db, SECRET_NAME);
}

const mac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest();

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SHA-256 (hex) of a token's random part: what the database keeps. */
export function tokenHash(random: string): string {
  return createHash("sha256").update(random).digest("hex");
}

/** A new stored link's token (`{random}.{signature}`) and the hash to keep. */
export function issueStoredToken(
  secret: string,
  purpose: string,
  subjectId: number,
): { token: string; hash: string } {
  const random = randomBytes(RANDOM_BYTES).toString("base64url");
  const signature = mac(secret, `${purpose}:v1:${subjectId}:${random}`).subarray(0, 16).toString("base64url");
  return { token: `${random}.${signature}`, hash: tokenHash(random) };
}

/**
 * The hash to look up for a stored link's token, or null when the token is not one we signed for
 * this purpose and record (a forged or mangled link: nothing is looked up).
 */
export function storedTokenHash(
  secret: string,
  purpose: string,
  subjectId: number,
  token: unknown,
): string | null {
  if (typeof token !== "string") return null;
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, random, signature] = m;
  const expected = mac(secret, `${purpose}:v1:${subjectId}:${random}`).subarray(0, 16);
  return sameBytes(expected, Buffer.from(signature, "base64url")) ? tokenHash(random) : null;
}

/** A derived link's token: the HMAC of the purpose and the record's identity. */
export function deriveToken(secret: string, purpose: string, identity: string): string {
  return mac(secret, `${purpose}:v1:${identity}`).toString("base64url");
}

export function verifyDerivedToken(
  secret: string,
  purpose: string,
  identity: string,
  token: unknown,
): boolean {
  if (typeof token !== "string" || token.length > 100) return false;
  return sameBytes(Buffer.from(deriveToken(secret, purpose, identity)), Buffer.from(token));
}
