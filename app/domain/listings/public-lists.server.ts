/**
 * The public lists of listings: `/poslovi` and `/kupoprodaja` (featured first, filtered, counted and
 * paged in SQL), the newest jobs (home page, newsletter) and the sitemap's share.
 */
import { and, arrayContains, asc, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { JobFilters, SaleFilters } from "./filters";
import { listingPath } from "./format";
import { featuredNow, listedWhere, liveWhere, pickListingColumns, searchMatches } from "./listing-sql.server";
import type { ListingKind, PayUnit, RouteType } from "./options";
import type { ListingCard } from "./types";

const firstPhotoUrl = sql<
  string | null
>`(select p.url from listing_photos p where p.listing_id = listings.id order by p.position limit 1)`;

const cardColumns = (now: Date) => ({
  ...pickListingColumns([
    "id",
    "kind",
    "title",
    "city",
    "state",
    "companyName",
    "position",
    "routeType",
    "equipment",
    "payMin",
    "payMax",
    "payUnit",
    "saleCategory",
    "make",
    "model",
    "year",
    "mileage",
    "priceCents",
    "condition",
    "approvedAt",
  ]),
  featured: featuredNow(now),
  photoUrl: firstPhotoUrl,
});

export type PublicPage = { rows: ListingCard[]; total: number };

async function publicPage(
  db: DbOrTx,
  kind: ListingKind,
  filters: SQL[],
  page: number,
  pageSize: number,
  now: Date,
): Promise<PublicPage> {
  const where = and(listedWhere(now), eq(listings.kind, kind), ...filters);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(cardColumns(now))
      .from(listings)
      .where(where)
      // Featured first, then newest approval (the order of listings_public_idx).
      .orderBy(sql`${featuredNow(now)} desc`, sql`${listings.approvedAt} desc nulls last`, desc(listings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** A public list of one kind: the conditions of its URL filters (those not set give `false`). */
function publicList<Filters>(kind: ListingKind, conditions: (filters: Filters) => (SQL | false)[]) {
  return (
    db: DbOrTx,
    filters: Filters,
    page: number,
    pageSize: number,
    now = new Date(),
  ): Promise<PublicPage> =>
    publicPage(
      db,
      kind,
      conditions(filters).filter((c): c is SQL => c !== false),
      page,
      pageSize,
      now,
    );
}

const matching = (q: string) => q !== "" && searchMatches(q);

/** `/poslovi`: live jobs, featured first, then newest, with the URL's filters. */
export const listPublicJobs = publicList<JobFilters>("job", (f) => [
  matching(f.q),
  f.state !== "" && eq(listings.state, f.state),
  f.routeType !== "" && eq(listings.routeType, f.routeType),
  f.position !== "" && eq(listings.position, f.position),
  f.equipment !== "" && arrayContains(listings.equipment, [f.equipment]),
]);
// The alerts match new listings with these same filters, in SQL over every alert at once
// (domain/alerts/matching.server.ts); alerts.int.test.ts checks that both agree.

/** `/kupoprodaja`: live buy/sell listings; a price range leaves out "po dogovoru". */
export const listPublicSales = publicList<SaleFilters>("sale", (f) => [
  matching(f.q),
  f.state !== "" && eq(listings.state, f.state),
  f.category !== "" && eq(listings.saleCategory, f.category),
  f.priceMin !== null && gte(listings.priceCents, f.priceMin * 100),
  f.priceMax !== null && lte(listings.priceCents, f.priceMax * 100),
  f.yearMin !== null && gte(listings.year, f.yearMin),
  f.yearMax !== null && lte(listings.year, f.yearMax),
]);

export type LatestJob = {
  id: number;
  title: string;
  companyName: string;
  city: string;
  state: string;
  routeType: RouteType | null;
  payMin: number | null;
  payMax: number | null;
  payUnit: PayUnit | null;
  approvedAt: Date;
  /** `/poslovi/{slug}-{id}` (prefix the public origin for an e-mail). */
  path: string;
};

/**
 * The newest approved, live jobs (the home page and the dynamic newsletter): newest approval first,
 * promotion does not change this order.
 */
export async function latestApprovedJobs(db: DbOrTx, limit: number, now = new Date()): Promise<LatestJob[]> {
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      companyName: listings.companyName,
      city: listings.city,
      state: listings.state,
      routeType: listings.routeType,
      payMin: listings.payMin,
      payMax: listings.payMax,
      payUnit: listings.payUnit,
      approvedAt: listings.approvedAt,
    })
    .from(listings)
    .where(and(listedWhere(now), eq(listings.kind, "job")))
    .orderBy(sql`${listings.approvedAt} desc nulls last`, desc(listings.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    companyName: r.companyName ?? "",
    approvedAt: r.approvedAt ?? now,
    path: listingPath({ id: r.id, kind: "job", title: r.title }),
  }));
}

export type SitemapListing = { id: number; kind: ListingKind; title: string; updatedAt: Date };

/** Every live listing, for /sitemap.xml (id order). */
export function sitemapListings(
  db: DbOrTx,
  range?: { offset: number; limit: number },
  now = new Date(),
): Promise<SitemapListing[]> {
  const query = db
    .select({ id: listings.id, kind: listings.kind, title: listings.title, updatedAt: listings.updatedAt })
    .from(listings)
    .where(liveWhere(now))
    .orderBy(asc(listings.id));
  return range ? query.offset(range.offset).limit(range.limit) : query;
}

/** How many listings are live (the sitemap's share). */
export async function countLiveListings(db: DbOrTx, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(liveWhere(now));
  return row?.n ?? 0;
}
