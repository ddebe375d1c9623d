import type { Database } from "~/db/client.server";
import { buildUrlset, type SitemapUrl, sitemapFileCount, sitemapSlice } from "~/domain/articles/feeds";
import { countPublished, sitemapArticles } from "~/domain/articles/public.server";
import { articlePath } from "~/domain/articles/slug";
import { listingPath } from "~/domain/listings/format";
import { sitemapListings } from "~/domain/listings/listings.server";
import { FEED_CACHE } from "~/lib/http-cache";

/** The site's fixed public pages, listed before the articles. */
export const SITEMAP_STATIC_PATHS = ["/", "/vesti", "/oglasi", "/poslovi", "/kupoprodaja"];

/**
 * The URLs before the articles: the fixed pages, then the live listings (jobs and buy/sell; a few
 * thousand at most, read whole — they come and go every 30 days, so they are not paged like the
 * articles).
 */
async function leadingUrls(db: Database, origin: string): Promise<SitemapUrl[]> {
  const listings = await sitemapListings(db);
  return [
    ...SITEMAP_STATIC_PATHS.map((p) => ({ loc: `${origin}${p}` })),
    ...listings.map((l) => ({ loc: `${origin}${listingPath(l)}`, lastmod: l.updatedAt })),
  ];
}

export async function sitemapPlan(db: Database) {
  const [articleCount, listings] = await Promise.all([countPublished(db), sitemapListings(db)]);
  return { files: sitemapFileCount(SITEMAP_STATIC_PATHS.length + listings.length, articleCount) };
}

/** The urlset of sitemap file `n` (1-based): its share of the fixed pages and listings, then of the articles. */
export async function sitemapFile(db: Database, origin: string, n: number): Promise<string> {
  const leading = await leadingUrls(db, origin);
  const slice = sitemapSlice(n, leading.length);
  const urls: SitemapUrl[] = leading.slice(slice.staticFrom, slice.staticTo);
  if (slice.articleLimit > 0) {
    const rows = await sitemapArticles(db, { offset: slice.articleOffset, limit: slice.articleLimit });
    for (const row of rows) urls.push({ loc: `${origin}${articlePath(row)}`, lastmod: row.updatedAt });
  }
  return buildUrlset(urls);
}

export function xmlResponse(xml: string, status = 200): Response {
  return new Response(xml, {
    status,
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });
}
