/**
 * Campaign analytics (spec §2 banner analytics, §7 banner_periods/banner_analytics). Counting
 * happens in SQL, grouped per period; calendar days are New York days.
 */
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { bannerAnalytics, bannerPeriods, banners } from "~/db/schema";
import { newYorkDay } from "~/lib/dates";
import { BANNER_SECTIONS, type BannerSection, compareBanners } from "./rules";

export type CampaignRow = {
  periodId: number;
  bannerId: number;
  bannerTitle: string;
  section: string;
  position: string;
  priority: number;
  companyName: string | null;
  link: string | null;
  imageUrl: string | null;
  startDate: Date;
  endDate: Date | null;
  totalClicks: number;
  lastClickDate: Date | null;
  isActive: boolean;
};

export type CampaignSort = "position" | "clicks";

const toDate = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

/** Every campaign period with its clicks and last click, counted in one grouped query. */
export async function listCampaigns(
  db: DbOrTx,
  sort: CampaignSort = "position",
): Promise<{
  active: CampaignRow[];
  historical: CampaignRow[];
}> {
  const counts = db
    .select({
      periodId: bannerAnalytics.bannerPeriodId,
      total: sql<number>`count(*)::int`.as("total"),
      last: sql<Date>`max(${bannerAnalytics.clickedAt})`.as("last"),
    })
    .from(bannerAnalytics)
    .where(isNotNull(bannerAnalytics.bannerPeriodId))
    .groupBy(bannerAnalytics.bannerPeriodId)
    .as("counts");
  const rows = await db
    .select({
      periodId: bannerPeriods.id,
      bannerId: banners.id,
      bannerTitle: banners.title,
      section: banners.section,
      position: banners.position,
      priority: banners.priority,
      companyName: bannerPeriods.companyName,
      // A phone campaign has no link: show the banner's number for the running one.
      link: sql<
        string | null
      >`coalesce(${bannerPeriods.link}, case when ${bannerPeriods.endDate} is null and nullif(trim(${banners.phone}), '') is not null then 'tel:' || ${banners.phone} end)`,
      imageUrl: bannerPeriods.imageUrl,
      startDate: bannerPeriods.startDate,
      endDate: bannerPeriods.endDate,
      totalClicks: sql<number>`coalesce(${counts.total}, 0)`,
      lastClickDate: counts.last,
    })
    .from(bannerPeriods)
    .innerJoin(banners, eq(banners.id, bannerPeriods.bannerId))
    .leftJoin(counts, eq(counts.periodId, bannerPeriods.id));
  const all: CampaignRow[] = rows.map((r) => ({
    ...r,
    startDate: toDate(r.startDate) as Date,
    endDate: toDate(r.endDate),
    totalClicks: Number(r.totalClicks),
    lastClickDate: toDate(r.lastClickDate),
    isActive: r.endDate === null,
  }));
  const sectionIndex = (s: string) => {
    const i = BANNER_SECTIONS.indexOf(s as BannerSection);
    return i === -1 ? BANNER_SECTIONS.length : i;
  };
  const byPosition = (a: CampaignRow, b: CampaignRow) =>
    sectionIndex(a.section) - sectionIndex(b.section) ||
    compareBanners(
      { id: a.bannerId, title: a.bannerTitle, position: a.position, priority: a.priority },
      { id: b.bannerId, title: b.bannerTitle, position: b.position, priority: b.priority },
    ) ||
    b.startDate.getTime() - a.startDate.getTime();
  const byClicks = (a: CampaignRow, b: CampaignRow) => b.totalClicks - a.totalClicks || byPosition(a, b);
  const compare = sort === "clicks" ? byClicks : byPosition;
  return {
    active: all.filter((c) => c.isActive).sort(compare),
    historical: all
      .filter((c) => !c.isActive)
      .sort(
        sort === "clicks" ? byClicks : (a, b) => (b.endDate?.getTime() ?? 0) - (a.endDate?.getTime() ?? 0),
      ),
  };
}

export type ClickStats = { total: number; today: number; last7Days: number; last30Days: number };

/**
 * Clicks for all time, today, the last 7 and the last 30 days (today included), with days as
 * New York calendar days. The day boundaries are computed in SQL so the (clicked_at) index serves.
 */
export async function clickStats(
  db: DbOrTx,
  scope: { bannerId?: number; periodId?: number } = {},
  now: Date = new Date(),
): Promise<ClickStats> {
  const nowParam = now.toISOString();
  const startOf = (daysBack: number) =>
    sql`((date_trunc('day', ${nowParam}::timestamptz at time zone 'America/New_York') - make_interval(days => ${daysBack}::int)) at time zone 'America/New_York')`;
  const filters = [
    scope.bannerId !== undefined ? eq(bannerAnalytics.bannerId, scope.bannerId) : undefined,
    scope.periodId !== undefined ? eq(bannerAnalytics.bannerPeriodId, scope.periodId) : undefined,
  ].filter(Boolean);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${bannerAnalytics.clickedAt} >= ${startOf(0)}))::int`,
      last7Days: sql<number>`(count(*) filter (where ${bannerAnalytics.clickedAt} >= ${startOf(6)}))::int`,
      last30Days: sql<number>`(count(*) filter (where ${bannerAnalytics.clickedAt} >= ${startOf(29)}))::int`,
    })
    .from(bannerAnalytics)
    .where(filters.length ? and(...filters) : undefined);
  return {
    total: Number(row?.total ?? 0),
    today: Number(row?.today ?? 0),
    last7Days: Number(row?.last7Days ?? 0),
    last30Days: Number(row?.last30Days ?? 0),
  };
}

/** The latest click overall (spec §7 "select the latest click"). */
export async function latestClick(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${bannerAnalytics.clickedAt})` })
    .from(bannerAnalytics);
  return toDate(row?.at ?? null);
}

export type DailyClicks = { day: string; clicks: number };

export type CampaignSummary = {
  periodId: number;
  bannerId: number;
  bannerTitle: string;
  position: string;
  companyName: string | null;
  startDate: Date;
  endDate: Date | null;
};

export async function getCampaign(db: DbOrTx, periodId: number): Promise<CampaignSummary | null> {
  const [row] = await db
    .select({
      periodId: bannerPeriods.id,
      bannerId: banners.id,
      bannerTitle: banners.title,
      position: banners.position,
      companyName: bannerPeriods.companyName,
      startDate: bannerPeriods.startDate,
      endDate: bannerPeriods.endDate,
    })
    .from(bannerPeriods)
    .innerJoin(banners, eq(banners.id, bannerPeriods.bannerId))
    .where(eq(bannerPeriods.id, periodId))
    .limit(1);
  if (!row) return null;
  return { ...row, startDate: toDate(row.startDate) as Date, endDate: toDate(row.endDate) };
}

/**
 * Clicks per New York day of one campaign, from its first day to its last (today for a running
 * one), every day present (zero when there were no clicks). At most `maxDays` most recent days.
 */
export async function dailyClicks(
  db: DbOrTx,
  campaign: Pick<CampaignSummary, "periodId" | "startDate" | "endDate">,
  now: Date = new Date(),
  maxDays = 92,
): Promise<DailyClicks[]> {
  const day = sql<string>`to_char((${bannerAnalytics.clickedAt} at time zone 'America/New_York')::date, 'YYYY-MM-DD')`;
  const lastDay = newYorkDay(campaign.endDate ?? now);
  const firstAllowed = shiftDay(lastDay, -(maxDays - 1));
  const firstDay =
    newYorkDay(campaign.startDate) > firstAllowed ? newYorkDay(campaign.startDate) : firstAllowed;
  const rows = await db
    .select({ day, clicks: sql<number>`count(*)::int` })
    .from(bannerAnalytics)
    .where(
      and(
        eq(bannerAnalytics.bannerPeriodId, campaign.periodId),
        gte(bannerAnalytics.clickedAt, sql`(${firstDay}::date::timestamp at time zone 'America/New_York')`),
      ),
    )
    .groupBy(day)
    .orderBy(day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.clicks)]));
  const out: DailyClicks[] = [];
  for (let d = firstDay; d <= lastDay; d = shiftDay(d, 1)) out.push({ day: d, clicks: byDay.get(d) ?? 0 });
  return out;
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone). */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
