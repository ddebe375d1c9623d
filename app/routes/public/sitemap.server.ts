import type { Database } from "~/db/client.server";
import { buildUrlset, SITEMAP_MAX_URLS, type SitemapUrl, sitemapSegments } from "~/domain/articles/feeds";
import { countPublished, sitemapArticles } from "~/domain/articles/public.server";
import { articlePath, tagPath } from "~/domain/articles/slug";
import { countSitemapTags, sitemapTags } from "~/domain/articles/tags.server";
import { countActiveCompanies, sitemapCompanies } from "~/domain/companies/queries.server";
import { HTML_LANG, urlInScript } from "~/domain/cyrillic/urls";
import { countSitemapTopics, sitemapTopics } from "~/domain/forum/public.server";
import { listingPath } from "~/domain/listings/format";
import { countLiveListings, sitemapListings } from "~/domain/listings/listings.server";
import { FEED_CACHE } from "~/lib/http-cache";

/** The site's fixed public pages, listed before the articles. */
export const SITEMAP_STATIC_PATHS = [
  "/",
  "/vesti",
  "/oglasi",
  "/kompanije",
  "/poslovi",
  "/kupoprodaja",
  "/forum",
  "/newsletter",
];

type Range = { offset: number; limit: number };

/** One kind of public URL in the sitemap: how many there are, and a range of them in a fixed order. */
type SitemapSource = {
  count(db: Database): Promise<number>;
  urls(db: Database, origin: string, range: Range): Promise<SitemapUrl[]>;
};

/** A source read from the database: its rows in a range, each as its path and last change. */
function rowSource<Row>(
  count: (db: Database) => Promise<number>,
  rows: (db: Database, range: Range) => Promise<Row[]>,
  entry: (row: Row) => [path: string, lastmod: Date],
): SitemapSource {
  return {
    count,
    urls: async (db, origin, range) =>
      (await rows(db, range)).map((row) => {
        const [path, lastmod] = entry(row);
        return { loc: `${origin}${path}`, lastmod };
      }),
  };
}

/**
 * The sources in sitemap order: fixed pages, published articles (id order), tag pages (slug
 * order), active companies, live listings (jobs and buy/sell), approved forum topics.
 */
const SOURCES: readonly SitemapSource[] = [
  {
    count: async () => SITEMAP_STATIC_PATHS.length,
    urls: async (_db, origin, { offset, limit }) =>
      SITEMAP_STATIC_PATHS.slice(offset, offset + limit).map((p) => ({ loc: `${origin}${p}` })),
  },
  rowSource(countPublished, sitemapArticles, (row) => [articlePath(row), row.updatedAt]),
  rowSource(countSitemapTags, sitemapTags, (row) => [tagPath(row.slug), row.updatedAt]),
  rowSource(countActiveCompanies, sitemapCompanies, (row) => [`/kompanije/${row.id}`, row.updatedAt]),
  rowSource(
    (db) => countLiveListings(db),
    sitemapListings,
    (row) => [listingPath(row), row.updatedAt],
  ),
  rowSource(countSitemapTopics, sitemapTopics, (row) => [`/forum/${row.id}`, row.lastActivityAt]),
];

/**
 * Every page is listed twice, in Latin and in Cyrillic (docs/decisions/210), each entry naming both
 * versions: a file holds at most half the protocol's 50,000 URLs' worth of pages.
 */
export const SITEMAP_PAGES_PER_FILE = SITEMAP_MAX_URLS / 2;

/** A Latin page's two entries: itself and its Cyrillic twin, each with both as alternates. */
function inBothScripts(url: SitemapUrl): SitemapUrl[] {
  const cyrillic = urlInScript(url.loc, "cir");
  const alternates = [
    { hreflang: HTML_LANG.lat, href: url.loc },
    { hreflang: HTML_LANG.cir, href: cyrillic },
    { hreflang: "x-default", href: url.loc },
  ];
  return [
    { ...url, alternates },
    { ...url, loc: cyrillic, alternates },
  ];
}

export type SitemapPlan = { files: number; counts: number[] };

export async function sitemapPlan(db: Database): Promise<SitemapPlan> {
  const counts = await Promise.all(SOURCES.map((source) => source.count(db)));
  const total = counts.reduce((sum, n) => sum + n, 0);
  return { files: Math.max(1, Math.ceil(total / SITEMAP_PAGES_PER_FILE)), counts };
}

/** The urlset of sitemap file `n` (1-based): its share of each source, in order. */
export async function sitemapFile(
  db: Database,
  origin: string,
  n: number,
  plan: SitemapPlan,
): Promise<string> {
  const segments = sitemapSegments(n, plan.counts, SITEMAP_PAGES_PER_FILE);
  const parts = await Promise.all(
    SOURCES.map((source, i) => (segments[i].limit > 0 ? source.urls(db, origin, segments[i]) : [])),
  );
  return buildUrlset(parts.flat().flatMap(inBothScripts));
}

export function xmlResponse(xml: string, status = 200): Response {
  return new Response(xml, {
    status,
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });
}
