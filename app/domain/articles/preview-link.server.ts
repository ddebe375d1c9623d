/**
 * "Pregled za deljenje" (decision 194): a signed, expiring link to a draft or scheduled article,
 * `/pregled/{id}/{expires}/{signature}`, that shows the public article page with a "nije
 * objavljeno" ribbon to anyone holding it — no sign-in — until it expires. The signature is an
 * HMAC-SHA256 of the article id and the expiry under a server secret; deleting the secret
 * (`server_secrets` row `article-preview`) revokes every link.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { getServerSecret } from "~/lib/server-secrets.server";

const SECRET_NAME = "article-preview";
/** How long a shared preview link works. */
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 3_600_000;

function sign(secret: string, articleId: number, expiresAt: number): string {
  return createHmac("sha256", secret)
    .update(`article-preview:v1:${articleId}:${expiresAt}`)
    .digest("base64url");
}

/** A new preview link path for the article, valid PREVIEW_LINK_TTL_MS from `now`. */
export async function previewLinkPath(
  db: DbOrTx,
  articleId: number,
  now = Date.now(),
): Promise<{ path: string; expiresAt: Date }> {
  const secret = await getServerSecret(db, SECRET_NAME);
  const expires = Math.floor((now + PREVIEW_LINK_TTL_MS) / 1000);
  return {
    path: `/pregled/${articleId}/${expires}/${sign(secret, articleId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export type PreviewCheck =
  | { ok: true; articleId: number; expiresAt: Date }
  | { ok: false; code: "invalid" | "expired" };

/** Checks a link's parts (constant-time signature comparison, then the expiry). */
export async function checkPreviewLink(
  db: DbOrTx,
  parts: { id: string; expires: string; signature: string },
  now = Date.now(),
): Promise<PreviewCheck> {
  if (!/^\d{1,10}$/.test(parts.id) || !/^\d{1,12}$/.test(parts.expires))
    return { ok: false, code: "invalid" };
  const articleId = Number(parts.id);
  const expires = Number(parts.expires);
  if (articleId <= 0 || articleId > 2_147_483_647) return { ok: false, code: "invalid" };
  const secret = await getServerSecret(db, SECRET_NAME);
  const expected = Buffer.from(sign(secret, articleId, expires));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(expected, given))
    return { ok: false, code: "invalid" };
  if (expires * 1000 <= now) return { ok: false, code: "expired" };
  return { ok: true, articleId, expiresAt: new Date(expires * 1000) };
}
