import type { Database } from "~/db/client.server";
import { buildUrlset, type SitemapUrl, sitemapFileCount, sitemapSlice } from "~/domain/articles/feeds";
import { countPublished, sitemapArticles } from "~/domain/articles/public.server";
import { articlePath } from "~/domain/articles/slug";
import { FEED_CACHE } from "~/lib/http-cache";

/** The site's fixed public pages, listed before the articles. */
export const SITEMAP_STATIC_PATHS = ["/", "/vesti", "/oglasi", "/newsletter"];

export async function sitemapPlan(db: Database) {
  const articleCount = await countPublished(db);
  return { files: sitemapFileCount(SITEMAP_STATIC_PATHS.length, articleCount) };
}

/** The urlset of sitemap file `n` (1-based): its share of the fixed pages, then of the articles. */
export async function sitemapFile(db: Database, origin: string, n: number): Promise<string> {
  const slice = sitemapSlice(n, SITEMAP_STATIC_PATHS.length);
  const urls: SitemapUrl[] = SITEMAP_STATIC_PATHS.slice(slice.staticFrom, slice.staticTo).map((p) => ({
    loc: `${origin}${p}`,
  }));
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
