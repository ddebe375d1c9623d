/**
 * The site settings row, kept in process memory for the public pages (every public page reads
 * the pop-up settings through the public layout). Dropped at once by `invalidateSettingsCache()`
 * (the pop-up and settings saves, the cache screen) and by the content-change signal for
 * "settings" or "all" (which, with PostgreSQL, also arrives from the other app processes); a short
 * TTL covers a manual change in the database. A generation counter stops a read that was running
 * during an invalidation from storing the old row (docs/decisions/104).
 */
import type { DbOrTx } from "~/db/client.server";
import { onContentChange } from "~/lib/content-change.server";
import { generationCache } from "~/lib/generation-cache";
import { processGlobal } from "~/lib/process-global";
import { getSettings, type SiteSettings } from "./settings.server";

export const SETTINGS_CACHE_TTL_MS = 60_000;

const cache = generationCache<SiteSettings>("balkan-vozaci.settings-cache", SETTINGS_CACHE_TTL_MS);

/** Subscribes once per process to the content-change signal for "settings" or "all". */
function listen(): void {
  processGlobal("balkan-vozaci.settings-cache.listening", () =>
    onContentChange((topic) => {
      if (topic === "settings" || topic === "all") invalidateSettingsCache();
    }),
  );
}

/** The settings row, from memory when fresh. */
export function getCachedSettings(db: DbOrTx, now: number = Date.now()): Promise<SiteSettings> {
  listen();
  return cache.get(() => getSettings(db), now);
}

/** The next read goes to the database. */
export function invalidateSettingsCache(): void {
  cache.invalidate();
}

/** How many times the cache was dropped (tests, diagnostics). */
export function settingsCacheGeneration(): number {
  return cache.generation();
}
