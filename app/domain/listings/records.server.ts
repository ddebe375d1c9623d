/**
 * One listing's record: create, read (with photos), the admin editor's save, delete, and the
 * directory companies a job links to.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { companies, listingPhotos, listings } from "~/db/schema";
import type { Script } from "~/domain/cyrillic/urls";
import { columnsOf, detailColumns, photosOf } from "./listing-sql.server";
import { LISTING_LIFETIME_DAYS, type ListingStatus } from "./options";
import type { StoredPhoto } from "./photos.server";
import type { ListingDetail } from "./types";
import type { ListingData } from "./validation";

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
  /** Who posted it from the public form: their own address and script (docs/decisions/300). */
  poster?: { email: string; script: Script } | null;
  /** A poster's edit of this live listing (revisions.server.ts). */
  revisionOf?: number;
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
        posterEmail: options.poster?.email ?? null,
        posterScript: options.poster?.script ?? "lat",
        revisionOf: options.revisionOf ?? null,
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
