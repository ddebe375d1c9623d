/**
 * Leaving the newsletter through the signed link of an e-mail (`/newsletter/odjava`): the page asks
 * for one confirming click (a POST); mail providers' one-click POST (RFC 8058) lands on the same
 * action. The subscriber is set inactive at once; `unsubscribed_at` keeps a later Brevo sync from
 * undoing it.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSubscribers as subs } from "~/db/schema";
import { parseId } from "~/lib/ids";
import { unsubscribeSecret, verifyUnsubscribe } from "./unsubscribe-link.server";

/** An unsubscribe that did not happen: a link that is not valid (400) or a failed write (500). */
export type UnsubscribeErrorCode = "newsletter.unsubscribe_failed";

export type UnsubscribeTarget = { id: number; email: string; isActive: boolean };

/** The subscriber a link names, or null when the link is not one of ours. */
export async function findUnsubscribeTarget(
  db: DbOrTx,
  rawId: unknown,
  rawToken: unknown,
): Promise<UnsubscribeTarget | null> {
  const id = parseId(rawId);
  if (id === null || typeof rawToken !== "string" || rawToken.length > 100) return null;
  const [row] = await db
    .select({ id: subs.id, email: subs.email, isActive: subs.isActive })
    .from(subs)
    .where(eq(subs.id, id))
    .limit(1);
  if (!row) return null;
  const secret = await unsubscribeSecret(db);
  return verifyUnsubscribe(secret, row.id, row.email, rawToken) ? row : null;
}

/** Sets the subscriber inactive; true also when they had already left. False: not a valid link. */
export async function unsubscribe(
  db: DbOrTx,
  rawId: unknown,
  rawToken: unknown,
  now = new Date(),
): Promise<boolean> {
  const target = await findUnsubscribeTarget(db, rawId, rawToken);
  if (!target) return false;
  if (target.isActive) {
    await db
      .update(subs)
      .set({ isActive: false, unsubscribedAt: now, updatedAt: now })
      .where(eq(subs.id, target.id));
  }
  return true;
}
