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
import { getSettings, type SiteSettings } from "./settings.server";

export const SETTINGS_CACHE_TTL_MS = 60_000;

type CacheState = {
  generation: number;
  entry: { value: SiteSettings; loadedAt: number; generation: number } | null;
  loading: { promise: Promise<SiteSettings>; generation: number } | null;
  listening: boolean;
};

const KEY = Symbol.for("balkan-vozaci.settings-cache");
const registry = globalThis as unknown as { [KEY]?: CacheState };
function state(): CacheState {
  registry[KEY] ??= { generation: 0, entry: null, loading: null, listening: false };
  return registry[KEY];
}

function listen(s: CacheState): void {
  if (s.listening) return;
  s.listening = true;
  onContentChange((topic) => {
    if (topic === "settings" || topic === "all") invalidateSettingsCache();
  });
}

/** The settings row, from memory when fresh. */
export async function getCachedSettings(db: DbOrTx, now: number = Date.now()): Promise<SiteSettings> {
  const s = state();
  listen(s);
  if (s.entry && s.entry.generation === s.generation && now - s.entry.loadedAt < SETTINGS_CACHE_TTL_MS) {
    return s.entry.value;
  }
  if (s.loading && s.loading.generation === s.generation) return s.loading.promise;
  const generation = s.generation;
  const promise = getSettings(db).then(
    (value) => {
      if (s.generation === generation) s.entry = { value, loadedAt: Date.now(), generation };
      if (s.loading?.generation === generation) s.loading = null;
      return value;
    },
    (error) => {
      if (s.loading?.generation === generation) s.loading = null;
      throw error;
    },
  );
  s.loading = { promise, generation };
  return promise;
}

/** The next read goes to the database. */
export function invalidateSettingsCache(): void {
  const s = state();
  s.generation += 1;
  s.entry = null;
  s.loading = null;
}

/** How many times the cache was dropped (tests, diagnostics). */
export function settingsCacheGeneration(): number {
  return state().generation;
}
