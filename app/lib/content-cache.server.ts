/**
 * Reads that many public pages share (the newest articles of a category, the home page's lists, a
 * category's total, the newest jobs), kept in process memory until the content they come from
 * changes (docs/decisions/281). Each read names its content topics; the content-change signal for
 * one of them, or "all", makes it stale at once — the signal of every admin write, of jobs and
 * webhooks, and, on PostgreSQL, of the other processes' writes (`NOTIFY bv_content_changed`,
 * server/content-sync.ts): the same signal, and the same reach, as the public page cache's. A read
 * older than CONTENT_CACHE_TTL_MS is made again anyway (what changes with time alone, or a change
 * a process missed while its LISTEN connection was down, shows as late as a cached page does).
 *
 * Each topic has a generation counter; a value is stored with the sum of its topics' generations
 * when its load began, and is served only while that sum is unchanged, so a load that was running
 * when a write happened is never served after it. Values are kept per database object (tests open
 * several); readers of the same key share one load.
 */
import { type ContentTopic, onContentChange } from "./content-change.server";
import { processGlobal } from "./process-global";

/** As long as a public page stays in the page cache (server/http/page-cache.ts). */
export const CONTENT_CACHE_TTL_MS = 60_000;

type Entry = { stamp: number; at: number; value: Promise<unknown> };

type State = {
  generations: Map<ContentTopic, number>;
  byDb: WeakMap<object, Map<string, Entry>>;
  loads: number;
};

const TOPICS: ContentTopic[] = ["articles", "banners", "companies", "settings", "forum", "listings"];

const state = (): State =>
  processGlobal("balkan-vozaci.content-cache", () => {
    const s: State = { generations: new Map(TOPICS.map((t) => [t, 0])), byDb: new WeakMap(), loads: 0 };
    onContentChange((topic) => invalidateContent(topic, s));
    return s;
  });

function stampOf(s: State, topics: readonly ContentTopic[]): number {
  let stamp = 0;
  for (const topic of topics) stamp += s.generations.get(topic) ?? 0;
  return stamp;
}

/** Makes every read of `topic` ("all": of every topic) stale in this process. */
export function invalidateContent(topic: ContentTopic, s: State = state()): void {
  for (const t of topic === "all" ? TOPICS : [topic]) s.generations.set(t, (s.generations.get(t) ?? 0) + 1);
}

/**
 * The value of `key` for `db`, from memory while none of `topics` changed and it is younger than
 * the TTL, else from `load` (a failed load is not kept).
 */
export function contentCached<T>(
  db: object,
  key: string,
  topics: readonly ContentTopic[],
  load: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  const s = state();
  let entries = s.byDb.get(db);
  if (!entries) {
    entries = new Map();
    s.byDb.set(db, entries);
  }
  const stamp = stampOf(s, topics);
  const kept = entries.get(key);
  if (kept && kept.stamp === stamp && now - kept.at < CONTENT_CACHE_TTL_MS) return kept.value as Promise<T>;
  s.loads++;
  // A settled promise, not the loader's own value: a query builder is a thenable that runs its
  // query again on every `await`.
  const value = (async () => load())();
  const entry: Entry = { stamp, at: now, value };
  entries.set(key, entry);
  const held = entries;
  value.catch(() => {
    if (held.get(key) === entry) held.delete(key);
  });
  return value;
}

/** How many loads went to the database (tests, diagnostics). */
export function contentCacheLoads(): number {
  return state().loads;
}
