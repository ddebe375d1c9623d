/**
 * Cache-Control of the public pages (docs/decisions/033). Banner changes must show within 5–10 s
 * (spec §9), so no page that carries banners is reused for longer than 10 s: 5 s fresh plus 5 s
 * stale-while-revalidate. Article pages count views with a beacon, so they are cacheable too
 * (docs/decisions/064); the server's own page cache drops them at once when content changes.
 */
export const PUBLIC_LIST_CACHE = "public, max-age=5, stale-while-revalidate=5";
/** Feeds and sitemaps: crawlers poll them; a few minutes of staleness costs nothing. */
export const FEED_CACHE = "public, max-age=300";

/**
 * Whether a response's Cache-Control lets it be shared: `public`, and neither `private` nor
 * `no-store`. The server's page cache (server/http/page-cache.ts) and the service worker
 * (app/public-client/offline/rules.ts) keep only such pages: nothing personal is ever kept.
 */
export function isSharedCacheControl(cacheControl: string | null): boolean {
  const value = cacheControl ?? "";
  return /\bpublic\b/i.test(value) && !/\b(?:no-store|private)\b/i.test(value);
}
