/**
 * Banner queries and writes (admin). Every write invalidates the banner cache after it commits,
 * so the public pages show the change on the next view. Changing a banner's image closes the
 * running campaign period and opens a new one in the same transaction as the banner update.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { bannerAnalytics, bannerPeriods, banners } from "~/db/schema";
import { invalidateBannerCache } from "./cache.server";
import { linkTypeOf, sortBanners } from "./rules";
import { emptySlots } from "./slots";
import type { BannerInput } from "./validation";

export type BannerRow = typeof banners.$inferSelect;

/** Why a banner screen refuses: a banner (or a campaign, a public report) gone, a failed save. */
export type BannerErrorCode =
  | "banner.not_found"
  | "banner.save_failed"
  | "banner.create_disabled"
  | "banner.invalid"
  | "banner.campaign_not_found"
  | "banner.report_not_found";

export type BannerListItem = BannerRow & {
  /** Clicks of the running campaign (since the last image change). */
  clicks: number;
};

/** Every banner with the clicks of its running campaign, in the spec's order within each section. */
export async function listBanners(db: DbOrTx): Promise<BannerListItem[]> {
  const counts = db
    .select({
      bannerId: bannerPeriods.bannerId,
      clicks: sql<number>`count(${bannerAnalytics.id})::int`.as("clicks"),
    })
    .from(bannerPeriods)
    .innerJoin(bannerAnalytics, eq(bannerAnalytics.bannerPeriodId, bannerPeriods.id))
    .where(isNull(bannerPeriods.endDate))
    .groupBy(bannerPeriods.bannerId)
    .as("counts");
  const rows = await db
    .select({ banner: banners, clicks: counts.clicks })
    .from(banners)
    .leftJoin(counts, eq(counts.bannerId, banners.id))
    .orderBy(asc(banners.id));
  return sortBanners(rows.map((r) => ({ ...r.banner, clicks: Number(r.clicks ?? 0) })));
}

export async function getBanner(db: DbOrTx, id: number): Promise<BannerRow | null> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).limit(1);
  return row ?? null;
}

/** The running campaign of a banner (no end date), if any. */
export async function runningPeriod(db: DbOrTx, bannerId: number) {
  const [row] = await db
    .select()
    .from(bannerPeriods)
    .where(and(eq(bannerPeriods.bannerId, bannerId), isNull(bannerPeriods.endDate)))
    .limit(1);
  return row ?? null;
}

const sameImage = (a: string | null, b: string | null) => (a ?? "").trim() === (b ?? "").trim();

export type UpdateBannerResult =
  | { ok: true; banner: BannerRow; newPeriodId: number | null }
  | { ok: false; reason: "not-found" };

/**
 * Saves a banner. The unused link type is cleared (url → no phone, phone → no link). When the
 * image changes, the running period is closed and a new one (company, link, image) is opened,
 * all in one transaction. Otherwise the running period follows the banner's company and link.
 */
export async function updateBanner(
  db: Database,
  id: number,
  input: BannerInput,
  now: Date = new Date(),
): Promise<UpdateBannerResult> {
  const cleared = linkTypeOf(input) === "phone" ? { ...input, link: null } : { ...input, phone: null };
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for("update").limit(1);
    if (!current) return { ok: false as const, reason: "not-found" as const };
    const [saved] = await tx
      .update(banners)
      .set({ ...cleared, updatedAt: now })
      .where(eq(banners.id, id))
      .returning();
    const running = await runningPeriod(tx, id);
    let newPeriodId: number | null = null;
    if (!running || !sameImage(current.imageUrl, saved.imageUrl)) {
      if (running) {
        await tx.update(bannerPeriods).set({ endDate: now }).where(eq(bannerPeriods.id, running.id));
      }
      const [opened] = await tx
        .insert(bannerPeriods)
        .values({
          bannerId: id,
          companyName: saved.company,
          link: saved.link ?? (saved.phone ? `tel:${saved.phone}` : null),
          imageUrl: saved.imageUrl,
          startDate: now,
        })
        .returning({ id: bannerPeriods.id });
      newPeriodId = opened.id;
    } else {
      await tx
        .update(bannerPeriods)
        .set({ companyName: saved.company, link: saved.link ?? (saved.phone ? `tel:${saved.phone}` : null) })
        .where(eq(bannerPeriods.id, running.id));
    }
    return { ok: true as const, banner: saved, newPeriodId };
  });
  if (result.ok) invalidateBannerCache();
  return result;
}

export async function setBannerActive(db: DbOrTx, id: number, active: boolean): Promise<BannerRow | null> {
  const [row] = await db
    .update(banners)
    .set({ active, updatedAt: new Date() })
    .where(eq(banners.id, id))
    .returning();
  invalidateBannerCache();
  return row ?? null;
}

/**
 * Gives every slot of the layout without a banner a new one from the slot's defaults, switched off
 * until an admin fills it in (spec §2 "new banners are created automatically for every position",
 * decision 111). Runs at start and after every delete; one run at a time (an advisory lock), so two
 * processes starting together create each banner once. Returns the banners created.
 */
export async function fillEmptyBannerSlots(db: DbOrTx): Promise<BannerRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('banner-slots'))`);
    const current = await tx
      .select({
        id: banners.id,
        title: banners.title,
        company: banners.company,
        position: banners.position,
        priority: banners.priority,
      })
      .from(banners);
    const empty = emptySlots(current);
    if (empty.length === 0) return [];
    return tx
      .insert(banners)
      .values(
        empty.map((slot) => ({
          title: slot.title,
          section: slot.section,
          position: slot.position,
          type: slot.type,
          priority: slot.priority,
          active: false,
        })),
      )
      .returning();
  });
}

/** Deletes a banner; its slot gets a new, switched-off banner at once. Null when there was none. */
export async function deleteBanner(db: DbOrTx, id: number): Promise<{ replacements: BannerRow[] } | null> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  invalidateBannerCache();
  if (rows.length === 0) return null;
  return { replacements: await fillEmptyBannerSlots(db) };
}
