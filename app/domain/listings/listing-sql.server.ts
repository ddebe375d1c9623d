/**
 * The SQL pieces the listings query modules share: moments as parameters, the search match, the
 * public "live" condition, a listing's columns from its data, the detail columns and the photos.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { pickColumns } from "~/db/pick-columns";
import { listingPhotos, listings } from "~/db/schema";
import type { ListingPhoto } from "./types";
import type { ListingData } from "./validation";

/** A moment as a SQL timestamptz parameter (the same text on both drivers). */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const plusDays = (d: Date, days: number | SQL) => sql`(${ts(d)} + (${days} * interval '1 day'))`;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Diacritic-insensitive "contains" on the stored search text (trigram index). */
export function searchMatches(q: string): SQL {
  return sql`${listings.searchText} like '%' || search_norm(${escapeLike(q)}) || '%'`;
}

/** Public: approved and not past its expiry (the page checks the date itself, not only the status). */
export function liveWhere(now: Date): SQL {
  return and(eq(listings.status, "approved"), sql`${listings.expiresAt} > ${ts(now)}`) as SQL;
}

/**
 * On the lists, in the search and in the alerts: live and not marked filled or sold by its poster
 * (such a listing keeps its page, which says so, until it expires).
 */
export function listedWhere(now: Date): SQL {
  return and(liveWhere(now), isNull(listings.filledAt)) as SQL;
}

export const featuredNow = (now: Date) =>
  sql<boolean>`coalesce(${listings.featuredUntil} > ${ts(now)}, false)`.mapWith(Boolean);

/** The columns of a listing's row and data, one kind's columns null for the other. */
export function columnsOf(data: ListingData) {
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

const { searchText: _searchText, searchTitle: _searchTitle, ...storedColumns } = getTableColumns(listings);

/** Every stored column of a listing (not the search columns the database derives). */
export const detailColumns = storedColumns;

/** Some of the detail columns, by name. */
export function pickListingColumns<K extends keyof typeof detailColumns & string>(keys: readonly K[]) {
  return pickColumns(listings, keys);
}

export async function photosOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ListingPhoto[]>> {
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
