/**
 * Expiry and promotion of listings: approved listings past their date expire; paid promotion days
 * are added (featured at once when live, kept until approval otherwise) or withdrawn on a refund.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listings } from "~/db/schema";
import { ts } from "./listing-sql.server";
import type { ListingStatus } from "./options";

/** Marks approved listings whose expiry has passed as expired; returns their ids. */
export async function expireDueListings(db: DbOrTx, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(listings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(listings.status, "approved"), sql`${listings.expiresAt} <= ${ts(now)}`))
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}

export type PromotionResult = {
  status: ListingStatus;
  featuredUntil: Date | null;
  featuredDaysPending: number;
  expiresAt: Date | null;
};

const promotionColumns = {
  status: listings.status,
  featuredUntil: listings.featuredUntil,
  featuredDaysPending: listings.featuredDaysPending,
  expiresAt: listings.expiresAt,
};

/** One UPDATE of a listing's promotion columns; null when the listing does not exist. */
async function setPromotion(
  db: DbOrTx,
  id: number,
  set: Parameters<ReturnType<DbOrTx["update"]>["set"]>[0],
): Promise<PromotionResult | null> {
  const [row] = await db.update(listings).set(set).where(eq(listings.id, id)).returning(promotionColumns);
  return row ?? null;
}

function checkDays(fn: string, days: number): void {
  if (!Number.isInteger(days) || days <= 0) throw new Error(`${fn}: bad day count ${days}`);
}

/**
 * Adds `days` of promotion to a listing (the payments issue calls this when a payment is confirmed):
 * a live listing is featured at once, extending a running promotion rather than overlapping it, and
 * stays public at least until the promotion ends; any other listing keeps the days until it is
 * approved (or renewed). Null when the listing does not exist.
 */
export function addFeaturedDays(
  db: DbOrTx,
  id: number,
  days: number,
  now = new Date(),
): Promise<PromotionResult | null> {
  checkDays("addFeaturedDays", days);
  const isLive = sql`(${listings.status} = 'approved' and ${listings.expiresAt} > ${ts(now)})`;
  const extended = sql`(greatest(coalesce(${listings.featuredUntil}, ${ts(now)}), ${ts(now)}) + (${days} * interval '1 day'))`;
  return setPromotion(db, id, {
    featuredUntil: sql`case when ${isLive} then ${extended} else ${listings.featuredUntil} end`,
    featuredDaysPending: sql`case when ${isLive} then ${listings.featuredDaysPending} else ${listings.featuredDaysPending} + ${days} end`,
    expiresAt: sql`case when ${isLive} then greatest(${listings.expiresAt}, ${extended}) else ${listings.expiresAt} end`,
    updatedAt: now,
  });
}

/**
 * Takes back `days` of promotion that an order had bought and that was refunded or disputed
 * (docs/decisions/142): first from the days still waiting for approval, the rest from
 * `featured_until` (the listing stops being featured when nothing is left). The listing itself,
 * and its expiry, stay as they are.
 */
export function withdrawFeaturedDays(
  db: DbOrTx,
  id: number,
  days: number,
  now = new Date(),
): Promise<PromotionResult | null> {
  checkDays("withdrawFeaturedDays", days);
  const fromPending = sql`least(${listings.featuredDaysPending}, ${days})`;
  const shortened = sql`(${listings.featuredUntil} - ((${days} - ${fromPending}) * interval '1 day'))`;
  return setPromotion(db, id, {
    featuredDaysPending: sql`${listings.featuredDaysPending} - ${fromPending}`,
    featuredUntil: sql`case when ${shortened} > ${ts(now)} then ${shortened} else null end`,
    updatedAt: now,
  });
}
