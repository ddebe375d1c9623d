/**
 * The cache screen's server part (beyond spec §4, which clears only the browser): every
 * server-side cache is dropped in the same step, so staff have one button when something looks
 * stale — the banner cache, the settings cache, and through the content-change signal everything
 * else that listens (the public page cache; with PostgreSQL also the other app processes).
 */
import { invalidateBannerCache } from "~/domain/banners/cache.server";
import { invalidateSettingsCache } from "~/domain/settings/cache.server";
import { contentChanged } from "~/lib/content-change.server";

/** The server's caches could not be cleared (or the post was not the screen's). */
export type CacheErrorCode = "cache.server_failed";

export const SERVER_CACHES = ["baneri", "podešavanja", "podaci javnih stranica"] as const;

export function clearServerCaches(): readonly string[] {
  invalidateBannerCache();
  invalidateSettingsCache();
  contentChanged("all");
  return SERVER_CACHES;
}
