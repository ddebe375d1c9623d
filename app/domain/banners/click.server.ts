/**
 * The banner click endpoint's logic (GET /b/{bannerId}): record the click against the running
 * campaign, then send the visitor to the banner's own stored link (or tel: for a phone banner).
 * The target never comes from the request, so the endpoint cannot act as an open redirect.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { bannerAnalytics, bannerPeriods, banners } from "~/db/schema";
import { newYorkDay } from "~/lib/dates";
import { clickTarget, isLive } from "./rules";

const MAX_TEXT = 500;
const clip = (v: string | null) => (v ? v.slice(0, MAX_TEXT) : null);

/**
 * An anonymous session id with no cookie: a hash of IP, user agent and the New York day. The same
 * visitor on the same day gets the same id; nothing reversible is stored.
 */
export function anonymousSessionId(ip: string | null, userAgent: string | null, now: Date): string {
  return createHash("sha256")
    .update(`${ip ?? ""}\n${userAgent ?? ""}\n${newYorkDay(now)}`)
    .digest("hex")
    .slice(0, 32);
}

/** What the edge reads out of a click's request (app/http/visit.ts). */
export type BannerClickVisit = {
  /** A person's click: a GET with a user agent, not a bot, prefetch or prerender. */
  countable: boolean;
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
  /** The path of a same-site referrer, else null. */
  pageUrl: string | null;
};

export type ClickOutcome = { kind: "redirect"; location: string; recorded: boolean } | { kind: "not-found" };

/**
 * Handles one click. Unknown banner → not-found. A banner with no valid target (should not happen:
 * the form validates it) → home page, not counted. An inactive or expired banner still sends the
 * visitor to its link, but is not counted (its campaign is not running on the site).
 */
export async function handleBannerClick(
  db: DbOrTx,
  bannerId: number,
  visit: BannerClickVisit,
  now: Date = new Date(),
): Promise<ClickOutcome> {
  if (!Number.isSafeInteger(bannerId) || bannerId <= 0 || bannerId > 2_147_483_647)
    return { kind: "not-found" };
  const [banner] = await db
    .select({
      id: banners.id,
      link: banners.link,
      phone: banners.phone,
      active: banners.active,
      startDate: banners.startDate,
      endDate: banners.endDate,
    })
    .from(banners)
    .where(eq(banners.id, bannerId))
    .limit(1);
  if (!banner) return { kind: "not-found" };
  const target = clickTarget(banner);
  if (!target) return { kind: "redirect", location: "/", recorded: false };
  if (!isLive(banner, newYorkDay(now)) || !visit.countable) {
    return { kind: "redirect", location: target, recorded: false };
  }
  const { userAgent, referrer } = visit;
  // One statement: the click joins whichever period is running at the moment it is written.
  await db.insert(bannerAnalytics).values({
    bannerId,
    bannerPeriodId: sql`(select ${bannerPeriods.id} from ${bannerPeriods} where ${bannerPeriods.bannerId} = ${bannerId} and ${bannerPeriods.endDate} is null limit 1)`,
    userAgent: clip(userAgent),
    referrer: clip(referrer),
    sessionId: anonymousSessionId(visit.ip, userAgent, now),
    pageUrl: clip(visit.pageUrl),
    clickedAt: now,
  });
  return { kind: "redirect", location: target, recorded: true };
}
