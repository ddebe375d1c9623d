/**
 * The server-side banner cache. The public pages read every banner from here; the rows are
 * loaded once from the database and kept until something invalidates them: every banner write,
 * the Refresh Banners button and a company approval call `invalidateBannerCache()`, so a change
 * shows on the very next page view. A generation counter stops a load that was running while an
 * invalidation happened from storing stale rows. A long safety TTL covers writes made by another
 * process (another app instance, a manual SQL edit).
 */
import { asc, getTableColumns } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { banners } from "~/db/schema";
import { generationCache } from "~/lib/generation-cache";

/** Writes from other processes show after at most this long. */
export const BANNER_CACHE_TTL_MS = 5 * 60 * 1000;

/** The banner columns the public site needs: all but the row's own timestamps. */
const { createdAt: _created, updatedAt: _updated, ...publicColumns } = getTableColumns(banners);

function loadAll(db: DbOrTx) {
  return db.select(publicColumns).from(banners).orderBy(asc(banners.id));
}

export type CachedBanner = Awaited<ReturnType<typeof loadAll>>[number];

const cache = generationCache<CachedBanner[]>("balkan-vozaci.banner-cache", BANNER_CACHE_TTL_MS);

/** Every banner row (active or not), from the cache when it is fresh. */
export function getCachedBanners(db: DbOrTx, now: number = Date.now()): Promise<CachedBanner[]> {
  return cache.get(() => loadAll(db), now);
}

/** Drops the cached banners at once: the next page view reads the database again. */
export function invalidateBannerCache(): void {
  cache.invalidate();
}

/** How many times the cache was invalidated (for tests and diagnostics). */
export function bannerCacheGeneration(): number {
  return cache.generation();
}
