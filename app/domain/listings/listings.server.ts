/**
 * Listings: the one query module of the area (jobs and buy/sell share it). Public lists, the admin
 * list and its tabs are filtered, counted and paged in SQL; every status change is one UPDATE whose
 * WHERE names the statuses it may start from (domain/listings/rules.ts), so two staff members
 * clicking at once cannot move a listing through a transition that is no longer allowed.
 */
import { and, arrayContains, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { companies, listingPhotos, listings } from "~/db/schema";
import type { JobFilters, SaleFilters } from "./filters";
import { listingPath } from "./format";
import {
  LISTING_LIFETIME_DAYS,
  type ListingKind,
  type ListingStatus,
  type PayUnit,
  type RouteType,
} from "./options";
import type { StoredPhoto } from "./photos.server";
import { CHANGE_FROM, type StatusChange } from "./rules";
import type { ListingCard, ListingDetail, ListingPhoto } from "./types";
import type { ListingData } from "./validation";

// --- helpers ----------------------------------------------------------------------------------

/** A moment as a SQL timestamptz parameter (the same text on both drivers). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const plusDays = (d: Date, days: number | SQL) => sql`(${ts(d)} + (${days} * interval '1 day'))`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Diacritic-insensitive "contains" on the stored search text (trigram index). */
function searchMatches(q: string): SQL {
  return sql`${listings.searchText} like '%' || search_norm(${escapeLike(q)}) || '%'`;
}

/** Public: approved and not past its expiry (the page checks the date itself, not only the status). */
export function liveWhere(now: Date): SQL {
  return and(eq(listings.status, "approved"), sql`${listings.expiresAt} > ${ts(now)}`) as SQL;
}

const featuredNow = (now: Date) =>
  sql<boolean>`coalesce(${listings.featuredUntil} > ${ts(now)}, false)`.mapWith(Boolean);

/** The columns of a listing's row and data, one kind's columns null for the other. */
function columnsOf(data: ListingData) {
  const common = {
    kind: data.kind,
    title: data.title,
    description: data.description,
    city: data.city,
    state: data.state,
    contactName: data.contactName,
    contactPhone: data.contactPhone,
    contactEmail: data.contactEmail,
  };
  if (data.kind === "job") {
    return {
      ...common,
      companyName: data.companyName,
      position: data.position,
      routeType: data.routeType,
      equipment: data.equipment,
      cdlClass: data.cdlClass,
      endorsements: data.endorsements,
      payMin: data.payMin,
      payMax: data.payMax,
      payUnit: data.payUnit,
      homeTime: data.homeTime,
      requirements: data.requirements,
      saleCategory: null,
      make: null,
      model: null,
      year: null,
      mileage: null,
      priceCents: null,
      condition: null,
    };
  }
  return {
    ...common,
    companyName: null,
    companyId: null,
    position: null,
    routeType: null,
    equipment: [],
    cdlClass: null,
    endorsements: [],
    payMin: null,
    payMax: null,
    payUnit: null,
    homeTime: null,
    requirements: null,
    saleCategory: data.saleCategory,
    make: data.make,
    model: data.model,
    year: data.year,
    mileage: data.mileage,
    priceCents: data.priceCents,
    condition: data.condition,
  };
}

const detailColumns = {
  id: listings.id,
  kind: listings.kind,
  status: listings.status,
  title: listings.title,
  description: listings.description,
  city: listings.city,
  state: listings.state,
  contactName: listings.contactName,
  contactPhone: listings.contactPhone,
  contactEmail: listings.contactEmail,
  companyName: listings.companyName,
  companyId: listings.companyId,
  position: listings.position,
  routeType: listings.routeType,
  equipment: listings.equipment,
  cdlClass: listings.cdlClass,
  endorsements: listings.endorsements,
  payMin: listings.payMin,
  payMax: listings.payMax,
  payUnit: listings.payUnit,
  homeTime: listings.homeTime,
  requirements: listings.requirements,
  saleCategory: listings.saleCategory,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  mileage: listings.mileage,
  priceCents: listings.priceCents,
  condition: listings.condition,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  approvedAt: listings.approvedAt,
  expiresAt: listings.expiresAt,
  featuredUntil: listings.featuredUntil,
  featuredDaysPending: listings.featuredDaysPending,
  reviewedAt: listings.reviewedAt,
  reviewedBy: listings.reviewedBy,
  adminNote: listings.adminNote,
};

// --- create, read -----------------------------------------------------------------------------

/** A directory company whose name matches exactly (ignoring case and diacritics), if one is active. */
export async function findCompanyByName(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.active, true), sql`search_norm(${companies.name}) = search_norm(${name})`))
    .orderBy(asc(companies.id))
    .limit(1);
  return row?.id ?? null;
}

export type CreateOptions = {
  status?: ListingStatus;
  companyId?: number | null;
  now?: Date;
};

/** Inserts a listing and its photo rows in one transaction; returns the new id. */
export async function createListing(
  db: Database,
  data: ListingData,
  photos: readonly StoredPhoto[] = [],
  options: CreateOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const status = options.status ?? "pending";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(listings)
      .values({
        ...columnsOf(data),
        companyId: data.kind === "job" ? (options.companyId ?? null) : null,
        status,
        createdAt: now,
        updatedAt: now,
        ...(status === "approved"
          ? { approvedAt: now, expiresAt: new Date(now.getTime() + LISTING_LIFETIME_DAYS * 86_400_000) }
          : {}),
      })
      .returning({ id: listings.id });
    if (photos.length > 0) {
      await tx
        .insert(listingPhotos)
        .values(photos.map((p, position) => ({ ...p, listingId: row.id, position, createdAt: now })));
    }
    return row.id;
  });
}

async function photosOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ListingPhoto[]>> {
  const map = new Map<number, ListingPhoto[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      id: listingPhotos.id,
      listingId: listingPhotos.listingId,
      position: listingPhotos.position,
      url: listingPhotos.url,
      width: listingPhotos.width,
      height: listingPhotos.height,
    })
    .from(listingPhotos)
    .where(inArray(listingPhotos.listingId, [...ids]))
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position));
  for (const { listingId, ...photo } of rows) {
    const list = map.get(listingId) ?? [];
    list.push(photo);
    map.set(listingId, list);
  }
  return map;
}

/** A listing with its photos, whatever its status (the public page decides what to show). */
export async function getListing(db: DbOrTx, id: number): Promise<ListingDetail | null> {
  const [row] = await db.select(detailColumns).from(listings).where(eq(listings.id, id)).limit(1);
  if (!row) return null;
  const photos = await photosOf(db, [id]);
  return { ...row, photos: photos.get(id) ?? [] };
}

/** Several listings with their photos (the admin preview of a page), in the order of `ids`. */
export async function getListings(db: DbOrTx, ids: readonly number[]): Promise<ListingDetail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(detailColumns)
    .from(listings)
    .where(inArray(listings.id, [...ids]));
  const photos = await photosOf(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, photos: photos.get(r.id) ?? [] }]));
  return ids.map((id) => byId.get(id)).filter((r): r is ListingDetail => r !== undefined);
}

// --- public lists -----------------------------------------------------------------------------

const firstPhotoUrl = sql<
  string | null
>`(select p.url from listing_photos p where p.listing_id = listings.id order by p.position limit 1)`;

const cardColumns = (now: Date) => ({
  id: listings.id,
  kind: listings.kind,
  title: listings.title,
  city: listings.city,
  state: listings.state,
  companyName: listings.companyName,
  position: listings.position,
  routeType: listings.routeType,
  equipment: listings.equipment,
  payMin: listings.payMin,
  payMax: listings.payMax,
  payUnit: listings.payUnit,
  saleCategory: listings.saleCategory,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  mileage: listings.mileage,
  priceCents: listings.priceCents,
  condition: listings.condition,
  approvedAt: listings.approvedAt,
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
  const where = and(liveWhere(now), eq(listings.kind, kind), ...filters);
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

/** `/poslovi`: live jobs, featured first, then newest, with the URL's filters. */
export function listPublicJobs(
  db: DbOrTx,
  filters: JobFilters,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<PublicPage> {
  const parts: SQL[] = [];
  if (filters.q) parts.push(searchMatches(filters.q));
  if (filters.state) parts.push(eq(listings.state, filters.state));
  if (filters.routeType) parts.push(eq(listings.routeType, filters.routeType));
  if (filters.position) parts.push(eq(listings.position, filters.position));
  if (filters.equipment) parts.push(arrayContains(listings.equipment, [filters.equipment]));
  return publicPage(db, "job", parts, page, pageSize, now);
}

/** `/kupoprodaja`: live buy/sell listings; a price range leaves out "po dogovoru". */
export function listPublicSales(
  db: DbOrTx,
  filters: SaleFilters,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<PublicPage> {
  const parts: SQL[] = [];
  if (filters.q) parts.push(searchMatches(filters.q));
  if (filters.state) parts.push(eq(listings.state, filters.state));
  if (filters.category) parts.push(eq(listings.saleCategory, filters.category));
  if (filters.priceMin !== null) parts.push(gte(listings.priceCents, filters.priceMin * 100));
  if (filters.priceMax !== null) parts.push(lte(listings.priceCents, filters.priceMax * 100));
  if (filters.yearMin !== null) parts.push(gte(listings.year, filters.yearMin));
  if (filters.yearMax !== null) parts.push(lte(listings.year, filters.yearMax));
  return publicPage(db, "sale", parts, page, pageSize, now);
}

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
    .where(and(liveWhere(now), eq(listings.kind, "job")))
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

// --- admin ------------------------------------------------------------------------------------

export type AdminListFilter = {
  status?: ListingStatus;
  kind?: ListingKind;
  q?: string;
  page: number;
  pageSize: number;
};

function adminWhere(filter: Omit<AdminListFilter, "page" | "pageSize" | "status">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.kind) parts.push(eq(listings.kind, filter.kind));
  if (filter.q) parts.push(searchMatches(filter.q));
  return parts.length ? and(...parts) : undefined;
}

export type AdminListingRow = {
  id: number;
  kind: ListingKind;
  status: ListingStatus;
  title: string;
  companyName: string | null;
  saleCategory: ListingDetail["saleCategory"];
  city: string;
  state: string;
  contactName: string;
  createdAt: Date;
  approvedAt: Date | null;
  expiresAt: Date | null;
  featuredUntil: Date | null;
  photoCount: number;
};

/** One page of the admin list (a status tab, optionally one kind and a search), newest posting first. */
export async function listAdminListings(
  db: DbOrTx,
  filter: AdminListFilter,
): Promise<{ rows: AdminListingRow[]; total: number }> {
  const where = and(adminWhere(filter), filter.status ? eq(listings.status, filter.status) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: listings.id,
        kind: listings.kind,
        status: listings.status,
        title: listings.title,
        companyName: listings.companyName,
        saleCategory: listings.saleCategory,
        city: listings.city,
        state: listings.state,
        contactName: listings.contactName,
        createdAt: listings.createdAt,
        approvedAt: listings.approvedAt,
        expiresAt: listings.expiresAt,
        featuredUntil: listings.featuredUntil,
        photoCount:
          sql<number>`(select count(*) from listing_photos p where p.listing_id = listings.id)`.mapWith(
            Number,
          ),
      })
      .from(listings)
      .where(where)
      .orderBy(sql`${listings.createdAt} desc nulls last`, desc(listings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows, total: Number(n) };
}

export type StatusCounts = Record<ListingStatus | "all", number>;

/** The tab counts, from one GROUP BY (for the chosen kind and search). */
export async function countListingsByStatus(
  db: DbOrTx,
  filter: { kind?: ListingKind; q?: string } = {},
): Promise<StatusCounts> {
  const rows = await db
    .select({ status: listings.status, n: count() })
    .from(listings)
    .where(adminWhere(filter))
    .groupBy(listings.status);
  const counts: StatusCounts = { all: 0, pending: 0, approved: 0, rejected: 0, expired: 0 };
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** The sidebar badge: listings waiting for a decision. */
export async function countPendingListings(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(listings).where(eq(listings.status, "pending"));
  return Number(n);
}

export type ChangeOptions = { reviewer: string; note?: string | null; now?: Date };

/**
 * Moves listings through a status change (approve, reject, back to pending, renew). Only listings
 * in a status the change may start from are touched; returns the ids that changed.
 *
 * - approve / renew: public for 30 days from now; promotion days paid while the listing was not
 *   public start now (extending a running promotion), and the listing stays public at least as
 *   long as its promotion.
 * - to-pending: leaves the site until a new decision.
 */
export async function changeListingStatus(
  db: DbOrTx,
  ids: readonly number[],
  change: StatusChange,
  options: ChangeOptions,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = options.now ?? new Date();
  const note = options.note?.trim() || null;
  const review = { reviewedAt: now, reviewedBy: options.reviewer, updatedAt: now };
  const newFeatured = sql`case when ${listings.featuredDaysPending} > 0
    then greatest(coalesce(${listings.featuredUntil}, ${ts(now)}), ${ts(now)}) + (${listings.featuredDaysPending} * interval '1 day')
    else ${listings.featuredUntil} end`;
  const publish = {
    status: "approved" as const,
    featuredUntil: newFeatured,
    featuredDaysPending: 0,
    expiresAt: sql`greatest(${plusDays(now, LISTING_LIFETIME_DAYS)}, ${newFeatured})`,
  };
  const set =
    change === "approve"
      ? { ...review, ...publish, approvedAt: now, adminNote: note }
      : change === "renew"
        ? { ...review, ...publish }
        : change === "reject"
          ? { ...review, status: "rejected" as const, adminNote: note }
          : { ...review, status: "pending" as const, expiresAt: null, ...(note ? { adminNote: note } : {}) };
  const rows = await db
    .update(listings)
    .set(set)
    .where(and(inArray(listings.id, [...ids]), inArray(listings.status, [...CHANGE_FROM[change]])))
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}

export type PhotoEdit = { removeIds: readonly number[]; add: readonly StoredPhoto[] };

/**
 * Saves the admin editor: the fields (the kind never changes), the directory link of a job, photos
 * removed and added (positions renumbered 0…n-1). Returns the keys of the removed photos (their
 * objects are deleted by the caller after the commit), or null when the listing is gone.
 */
export async function updateListing(
  db: Database,
  id: number,
  data: ListingData,
  options: { companyId?: number | null; photos?: PhotoEdit; now?: Date } = {},
): Promise<{ removedKeys: string[] } | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({
        ...columnsOf(data),
        ...(data.kind === "job" && options.companyId !== undefined ? { companyId: options.companyId } : {}),
        updatedAt: now,
      })
      .where(and(eq(listings.id, id), eq(listings.kind, data.kind)))
      .returning({ id: listings.id });
    if (!row) return null;
    const removeIds = [...(options.photos?.removeIds ?? [])];
    const removed =
      removeIds.length > 0
        ? await tx
            .delete(listingPhotos)
            .where(and(eq(listingPhotos.listingId, id), inArray(listingPhotos.id, removeIds)))
            .returning({ key: listingPhotos.key })
        : [];
    const kept = await tx
      .select({ id: listingPhotos.id })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, id))
      .orderBy(asc(listingPhotos.position));
    // Renumber through negative positions first: the unique (listing, position) index holds at every step.
    for (const [i, p] of kept.entries()) {
      await tx
        .update(listingPhotos)
        .set({ position: -1 - i })
        .where(eq(listingPhotos.id, p.id));
    }
    for (const [i, p] of kept.entries()) {
      await tx.update(listingPhotos).set({ position: i }).where(eq(listingPhotos.id, p.id));
    }
    const add = options.photos?.add ?? [];
    if (add.length > 0) {
      await tx
        .insert(listingPhotos)
        .values(add.map((p, i) => ({ ...p, listingId: id, position: kept.length + i, createdAt: now })));
    }
    return { removedKeys: removed.map((r) => r.key) };
  });
}

/** Deletes listings (their photo rows go with them); returns the ids deleted and the photo keys they had. */
export async function deleteListings(
  db: Database,
  ids: readonly number[],
): Promise<{ deleted: number[]; photoKeys: string[] }> {
  if (ids.length === 0) return { deleted: [], photoKeys: [] };
  return db.transaction(async (tx) => {
    const photos = await tx
      .select({ key: listingPhotos.key })
      .from(listingPhotos)
      .where(inArray(listingPhotos.listingId, [...ids]));
    const deleted = await tx
      .delete(listings)
      .where(inArray(listings.id, [...ids]))
      .returning({ id: listings.id });
    return { deleted: deleted.map((r) => r.id), photoKeys: photos.map((p) => p.key) };
  });
}

/** The active directory companies, for the editor's link select. */
export function companyChoices(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.active, true))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** The linked directory company shown on a job's page (active companies only). */
export async function linkedCompany(
  db: DbOrTx,
  id: number | null,
): Promise<{ id: number; name: string; website: string | null; logo: string | null } | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: companies.id, name: companies.name, website: companies.website, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.active, true)))
    .limit(1);
  return row ?? null;
}

// --- expiry and promotion ---------------------------------------------------------------------

/** Marks approved listings whose expiry has passed as expired; returns their ids. */
export async function expireDueListings(db: DbOrTx, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(listings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(listings.status, "approved"), sql`${listings.expiresAt} <= ${ts(now)}`))
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}

export type PromotionResult = {
  status: ListingStatus;
  featuredUntil: Date | null;
  featuredDaysPending: number;
  expiresAt: Date | null;
};

/**
 * Adds `days` of promotion to a listing (the payments issue calls this when a payment is confirmed):
 * a live listing is featured at once, extending a running promotion rather than overlapping it, and
 * stays public at least until the promotion ends; any other listing keeps the days until it is
 * approved (or renewed). Null when the listing does not exist.
 */
export async function addFeaturedDays(
  db: DbOrTx,
  id: number,
  days: number,
  now = new Date(),
): Promise<PromotionResult | null> {
  if (!Number.isInteger(days) || days <= 0) throw new Error(`addFeaturedDays: bad day count ${days}`);
  const isLive = sql`(${listings.status} = 'approved' and ${listings.expiresAt} > ${ts(now)})`;
  const extended = sql`(greatest(coalesce(${listings.featuredUntil}, ${ts(now)}), ${ts(now)}) + (${days} * interval '1 day'))`;
  const [row] = await db
    .update(listings)
    .set({
      featuredUntil: sql`case when ${isLive} then ${extended} else ${listings.featuredUntil} end`,
      featuredDaysPending: sql`case when ${isLive} then ${listings.featuredDaysPending} else ${listings.featuredDaysPending} + ${days} end`,
      expiresAt: sql`case when ${isLive} then greatest(${listings.expiresAt}, ${extended}) else ${listings.expiresAt} end`,
      updatedAt: now,
    })
    .where(eq(listings.id, id))
    .returning({
      status: listings.status,
      featuredUntil: listings.featuredUntil,
      featuredDaysPending: listings.featuredDaysPending,
      expiresAt: listings.expiresAt,
    });
  return row ?? null;
}

/**
 * Takes back `days` of promotion that an order had bought and that was refunded or disputed
 * (docs/decisions/142): first from the days still waiting for approval, the rest from
 * `featured_until` (the listing stops being featured when nothing is left). The listing itself,
 * and its expiry, stay as they are.
 */
export async function withdrawFeaturedDays(
  db: DbOrTx,
  id: number,
  days: number,
  now = new Date(),
): Promise<PromotionResult | null> {
  if (!Number.isInteger(days) || days <= 0) throw new Error(`withdrawFeaturedDays: bad day count ${days}`);
  const fromPending = sql`least(${listings.featuredDaysPending}, ${days})`;
  const shortened = sql`(${listings.featuredUntil} - ((${days} - ${fromPending}) * interval '1 day'))`;
  const [row] = await db
    .update(listings)
    .set({
      featuredDaysPending: sql`${listings.featuredDaysPending} - ${fromPending}`,
      featuredUntil: sql`case when ${shortened} > ${ts(now)} then ${shortened} else null end`,
      updatedAt: now,
    })
    .where(eq(listings.id, id))
    .returning({
      status: listings.status,
      featuredUntil: listings.featuredUntil,
      featuredDaysPending: listings.featuredDaysPending,
      expiresAt: listings.expiresAt,
    });
  return row ?? null;
}
