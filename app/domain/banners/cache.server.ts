/**
 * The server-side banner cache. The public pages read every banner from here; the rows are
 * loaded once from the database and kept until something invalidates them: every banner write,
 * the Refresh Banners button and a company approval call `invalidateBannerCache()`, so a change
 * shows on the very next page view. A generation counter stops a load that was running while an
 * invalidation happened from storing stale rows. A long safety TTL covers writes made by another
 * process (another app instance, a manual SQL edit).
 */
import { asc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { banners } from "~/db/schema";

/** The banner columns the public site needs. */
export type CachedBanner = {
  id: number;
  title: string;
  company: string | null;
  link: string | null;
  phone: string | null;
  section: string;
  position: string;
  type: string;
  message: string | null;
  backgroundColor: string | null;
  imageUrl: string | null;
  active: boolean;
  startDate: string | null;
  endDate: string | null;
  priority: number;
};

/** Writes from other processes show after at most this long. */
export const BANNER_CACHE_TTL_MS = 5 * 60 * 1000;

type CacheState = {
  generation: number;
  entry: { rows: CachedBanner[]; loadedAt: number; generation: number } | null;
  loading: { promise: Promise<CachedBanner[]>; generation: number } | null;
};

const KEY = Symbol.for("balkan-vozaci.banner-cache");
const registry = globalThis as unknown as { [KEY]?: CacheState };
function state(): CacheState {
  registry[KEY] ??= { generation: 0, entry: null, loading: null };
  return registry[KEY];
}

async function loadAll(db: DbOrTx): Promise<CachedBanner[]> {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      company: banners.company,
      link: banners.link,
      phone: banners.phone,
      section: banners.section,
      position: banners.position,
      type: banners.type,
      message: banners.message,
      backgroundColor: banners.backgroundColor,
      imageUrl: banners.imageUrl,
      active: banners.active,
      startDate: banners.startDate,
      endDate: banners.endDate,
      priority: banners.priority,
    })
    .from(banners)
    .orderBy(asc(banners.id));
}

/** Every banner row (active or not), from the cache when it is fresh. */
export async function getCachedBanners(db: DbOrTx, now: number = Date.now()): Promise<CachedBanner[]> {
  const s = state();
  if (s.entry && s.entry.generation === s.generation && now - s.entry.loadedAt < BANNER_CACHE_TTL_MS) {
    return s.entry.rows;
  }
  if (s.loading && s.loading.generation === s.generation) return s.loading.promise;
  const generation = s.generation;
  const promise = loadAll(db).then(
    (rows) => {
      if (s.generation === generation) s.entry = { rows, loadedAt: Date.now(), generation };
      if (s.loading?.generation === generation) s.loading = null;
      return rows;
    },
    (error) => {
      if (s.loading?.generation === generation) s.loading = null;
      throw error;
    },
  );
  s.loading = { promise, generation };
  return promise;
}

/** Drops the cached banners at once: the next page view reads the database again. */
export function invalidateBannerCache(): void {
  const s = state();
  s.generation += 1;
  s.entry = null;
  s.loading = null;
}

/** How many times the cache was invalidated (for tests and diagnostics). */
export function bannerCacheGeneration(): number {
  return state().generation;
}
