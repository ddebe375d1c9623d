/**
 * What the public pages show: for one page, every banner position of spec §9 with its live
 * banners (active, not expired, started) in the spec's order. Served from the banner cache.
 */
import type { DbOrTx } from "~/db/client.server";
import { newYorkDay } from "~/lib/dates";
import { type CachedBanner, getCachedBanners } from "./cache.server";
import type { PublicBanner } from "./public-banner";
import {
  BANNER_POSITIONS,
  type BannerSection,
  fillRow,
  heroOrder,
  imageSizeFor,
  isLive,
  isThreeInRow,
  positionKind,
  type Slot,
  slotFromNumber,
  sortBanners,
  withoutRepeatedCreatives,
} from "./rules";

export type { PublicBanner };

export type BannerPage = BannerSection;

function toPublic(banner: CachedBanner, slot: Slot | null): PublicBanner {
  const size = imageSizeFor(banner.type, banner.position);
  return {
    id: banner.id,
    title: banner.title,
    imageUrl: banner.imageUrl && banner.imageUrl.trim() !== "" ? banner.imageUrl : null,
    href: `/b/${banner.id}`,
    alt: banner.company ? `${banner.company} – reklama` : banner.title,
    slot,
    type: banner.type,
    message: banner.message,
    backgroundColor: banner.backgroundColor,
    company: banner.company,
    width: size.width,
    height: size.height,
  };
}

/**
 * Places the live banners of one page by position (pure; exported for tests): the spec's order and
 * slots in each position, then every creative once per page (decision 212).
 */
export function placeBanners(
  rows: readonly CachedBanner[],
  page: BannerPage,
  today: string,
): Record<string, PublicBanner[]> {
  const result: Record<string, PublicBanner[]> = {};
  for (const position of BANNER_POSITIONS[page]) result[position] = [];
  const live = rows.filter((b) => b.section === page && isLive(b, today));
  const byPosition = new Map<string, CachedBanner[]>();
  for (const banner of live) {
    const list = byPosition.get(banner.position) ?? [];
    list.push(banner);
    byPosition.set(banner.position, list);
  }
  for (const [position, list] of byPosition) {
    if (positionKind(position) === "hero") {
      result[position] = heroOrder(list).map((b, i) => toPublic(b, slotFromNumber(i + 1)));
    } else if (isThreeInRow(position)) {
      result[position] = fillRow(list).map((b) => toPublic(b, b.slot));
    } else {
      result[position] = sortBanners(list).map((b) => toPublic(b, null));
    }
  }
  return withoutRepeatedCreatives(BANNER_POSITIONS[page], result);
}

/** The banners of one public page, keyed by position name ("home-top", "home-hero", …). */
export async function loadPageBanners(
  db: DbOrTx,
  page: BannerPage,
  now: Date = new Date(),
): Promise<Record<string, PublicBanner[]>> {
  const rows = await getCachedBanners(db);
  return placeBanners(rows, page, newYorkDay(now));
}
