/**
 * "Pregled za deljenje" (decisions 194 and 291): an expiring link to a draft or scheduled article,
 * `/pregled/{id}/{expires}/{token}`, that shows the public article page with a "nije objavljeno"
 * ribbon to anyone holding it — no sign-in — until it expires or stops:
 *
 * - each link is a row (`article_preview_links`): the form lists the article's active links with
 *   their expiry, and each can be revoked by hand;
 * - publishing the article (a person or the scheduled job) revokes all its links: from then the
 *   article is public, and a revoked link leads to the public page while it stays public;
 * - moving it back to draft (unscheduling, or "Sačuvaj kao nacrt" on a scheduled or published
 *   article) revokes them too, whoever does it: that is a decision that the piece is not ready,
 *   and links handed out before it no longer show it (a new link can be made);
 * - scheduling a draft and saving a draft as a draft keep them: still unpublished work.
 *
 * The token is 24 random bytes (base64url); it is stored as it is, since the draft it opens is in
 * the same database.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articlePreviewLinks } from "~/db/schema";
import type { StoredStatus } from "./list-query";

/** How long a shared preview link works. */
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 3_600_000;

export type PreviewLink = {
  id: number;
  path: string;
  expiresAt: Date;
  createdAt: Date;
  createdByName: string;
};

type Row = typeof articlePreviewLinks.$inferSelect;

const pathOf = (row: Pick<Row, "articleId" | "expiresAt" | "token">) =>
  `/pregled/${row.articleId}/${Math.floor(row.expiresAt.getTime() / 1000)}/${row.token}`;

const linkOf = (row: Row): PreviewLink => ({
  id: row.id,
  path: pathOf(row),
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
  createdByName: row.createdByName,
});

/** A new link for the article, valid PREVIEW_LINK_TTL_MS from `now`. */
export async function createPreviewLink(
  db: DbOrTx,
  input: { articleId: number; status: StoredStatus; author: { id: number; name: string } },
  now = Date.now(),
): Promise<PreviewLink> {
  const expires = Math.floor((now + PREVIEW_LINK_TTL_MS) / 1000);
  const [row] = await db
    .insert(articlePreviewLinks)
    .values({
      articleId: input.articleId,
      token: randomBytes(24).toString("base64url"),
      madeFor: input.status,
      expiresAt: new Date(expires * 1000),
      createdBy: input.author.id,
      createdByName: input.author.name,
      createdAt: new Date(now),
    })
    .returning();
  return linkOf(row);
}

/** The article's links that still work (not revoked, not expired), newest first. */
export async function listPreviewLinks(
  db: DbOrTx,
  articleId: number,
  now = new Date(),
): Promise<PreviewLink[]> {
  const rows = await db
    .select()
    .from(articlePreviewLinks)
    .where(
      and(
        eq(articlePreviewLinks.articleId, articleId),
        isNull(articlePreviewLinks.revokedAt),
        gt(articlePreviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(articlePreviewLinks.createdAt), desc(articlePreviewLinks.id));
  return rows.map(linkOf);
}

export type RevokeReason = "revoked" | "published" | "draft";

/** Revokes one link of the article by hand. */
export async function revokePreviewLink(
  db: DbOrTx,
  input: { articleId: number; linkId: number },
): Promise<{ ok: true } | { ok: false; code: "not-found" }> {
  const revoked = await db
    .update(articlePreviewLinks)
    .set({ revokedAt: new Date(), revokedReason: "revoked" })
    .where(
      and(
        eq(articlePreviewLinks.id, input.linkId),
        eq(articlePreviewLinks.articleId, input.articleId),
        isNull(articlePreviewLinks.revokedAt),
      ),
    )
    .returning({ id: articlePreviewLinks.id });
  return revoked.length > 0 ? { ok: true } : { ok: false, code: "not-found" };
}

/** Revokes every working link of the article (it was published, or moved back to draft). */
export async function revokeArticlePreviewLinks(
  db: DbOrTx,
  articleId: number,
  reason: Exclude<RevokeReason, "revoked">,
): Promise<number> {
  const revoked = await db
    .update(articlePreviewLinks)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(articlePreviewLinks.articleId, articleId), isNull(articlePreviewLinks.revokedAt)))
    .returning({ id: articlePreviewLinks.id });
  return revoked.length;
}

/**
 * What a change of status does to the article's links (decision 291): a publish and a move back
 * to draft revoke them; anything else (draft → scheduled, draft → draft) keeps them.
 */
export function previewRevocationOf(before: StoredStatus, after: StoredStatus): "published" | "draft" | null {
  if (before === after) return null;
  if (after === "publish") return "published";
  if (after === "draft") return "draft";
  return null;
}

export type PreviewCheck =
  | { ok: true; articleId: number; expiresAt: Date }
  | { ok: false; code: "invalid" | "expired" }
  | { ok: false; code: "revoked"; articleId: number; reason: RevokeReason };

/** Checks a link's parts against its row: the same article and expiry, not revoked, not expired. */
export async function checkPreviewLink(
  db: DbOrTx,
  parts: { id: string; expires: string; signature: string },
  now = Date.now(),
): Promise<PreviewCheck> {
  if (!/^\d{1,10}$/.test(parts.id) || !/^\d{1,12}$/.test(parts.expires))
    return { ok: false, code: "invalid" };
  if (!/^[\w-]{20,64}$/.test(parts.signature)) return { ok: false, code: "invalid" };
  const [row] = await db
    .select()
    .from(articlePreviewLinks)
    .where(eq(articlePreviewLinks.token, parts.signature))
    .limit(1);
  if (
    !row ||
    String(row.articleId) !== parts.id ||
    pathOf(row) !== `/pregled/${parts.id}/${parts.expires}/${parts.signature}`
  ) {
    return { ok: false, code: "invalid" };
  }
  if (row.revokedAt) {
    return { ok: false, code: "revoked", articleId: row.articleId, reason: row.revokedReason ?? "revoked" };
  }
  if (row.expiresAt.getTime() <= now) return { ok: false, code: "expired" };
  return { ok: true, articleId: row.articleId, expiresAt: row.expiresAt };
}
