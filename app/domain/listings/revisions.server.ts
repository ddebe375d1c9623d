/**
 * A poster's edit of a live listing (docs/decisions/300): it waits for approval as a listing row of
 * its own (status pending, `revision_of` = the listing), so the moderation queue shows it like any
 * posting and the public page keeps the approved version meanwhile. Approving it merges its fields
 * and photos into the listing and removes it; rejecting it leaves the listing as it was.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { listingPhotos, listings } from "~/db/schema";
import { detailColumns, photosOf } from "./listing-sql.server";
import type { StoredPhoto } from "./photos.server";
import { createListing, type PhotoEdit } from "./records.server";
import type { ListingDetail } from "./types";
import type { ListingData } from "./validation";

/** The fields an edit carries over to its listing (the listing's own life cycle stays). */
const EDITED_FIELDS = [
  "title",
  "description",
  "city",
  "state",
  "contactName",
  "contactPhone",
  "contactEmail",
  "companyName",
  "companyId",
  "position",
  "routeType",
  "equipment",
  "cdlClass",
  "endorsements",
  "payMin",
  "payMax",
  "payUnit",
  "homeTime",
  "requirements",
  "saleCategory",
  "make",
  "model",
  "year",
  "mileage",
  "priceCents",
  "condition",
] as const satisfies readonly (keyof ListingDetail)[];

/** The edit of a listing waiting for a decision (pending or rejected), with its photos, if any. */
export async function pendingEditOf(db: DbOrTx, listingId: number): Promise<ListingDetail | null> {
  const [row] = await db
    .select(detailColumns)
    .from(listings)
    .where(eq(listings.revisionOf, listingId))
    .limit(1);
  if (!row) return null;
  const photos = await photosOf(db, [row.id]);
  return { ...row, photos: photos.get(row.id) ?? [] };
}

/** A listing's photos as stored objects, in their order (to copy them into an edit). */
async function storedPhotos(db: DbOrTx, listingId: number): Promise<(StoredPhoto & { id: number })[]> {
  return db
    .select({
      id: listingPhotos.id,
      key: listingPhotos.key,
      url: listingPhotos.url,
      width: listingPhotos.width,
      height: listingPhotos.height,
      size: listingPhotos.size,
    })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
}

/**
 * A new edit of a live listing: a pending row with the edited fields, the listing's photos that were
 * kept (the same stored objects) and the new ones. Returns its id.
 */
export async function createRevision(
  db: Database,
  listing: ListingDetail,
  data: ListingData,
  photos: PhotoEdit,
  options: { companyId: number | null; now?: Date },
): Promise<number> {
  const removed = new Set(photos.removeIds);
  const kept = (await storedPhotos(db, listing.id)).filter((p) => !removed.has(p.id));
  return createListing(db, data, [...kept.map(({ id: _id, ...p }) => p), ...photos.add], {
    status: "pending",
    companyId: options.companyId,
    poster: listing.posterEmail ? { email: listing.posterEmail, script: listing.posterScript } : null,
    revisionOf: listing.id,
    now: options.now,
  });
}

export type MergeResult = {
  /** The listings that took their edit. */
  listingIds: number[];
  /** The edits merged (and removed). */
  revisionIds: number[];
  /** Photo objects the listings used before and may no longer use (delete them if unreferenced). */
  droppedKeys: string[];
};

/**
 * Approves edits: each one's fields and photos replace its listing's (whose status, dates and
 * promotion stay), then the edit row is removed. Edits that are gone are skipped.
 */
export async function mergeRevisions(
  db: Database,
  ids: readonly number[],
  options: { reviewer: string; note?: string | null; now?: Date },
): Promise<MergeResult> {
  const now = options.now ?? new Date();
  const result: MergeResult = { listingIds: [], revisionIds: [], droppedKeys: [] };
  if (ids.length === 0) return result;
  return db.transaction(async (tx) => {
    const edits = await tx
      .select(detailColumns)
      .from(listings)
      .where(and(inArray(listings.id, [...ids]), isNotNull(listings.revisionOf)))
      .for("update");
    for (const edit of edits) {
      const listingId = edit.revisionOf as number;
      const fields = Object.fromEntries(EDITED_FIELDS.map((key) => [key, edit[key]]));
      const [merged] = await tx
        .update(listings)
        .set({
          ...fields,
          updatedAt: now,
          reviewedAt: now,
          reviewedBy: options.reviewer,
          ...(options.note?.trim() ? { adminNote: options.note.trim() } : {}),
        })
        .where(eq(listings.id, listingId))
        .returning({ id: listings.id });
      if (!merged) continue;
      const before = await tx
        .delete(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId))
        .returning({ key: listingPhotos.key });
      await tx.update(listingPhotos).set({ listingId }).where(eq(listingPhotos.listingId, edit.id));
      await tx.delete(listings).where(eq(listings.id, edit.id));
      result.listingIds.push(listingId);
      result.revisionIds.push(edit.id);
      result.droppedKeys.push(...before.map((p) => p.key));
    }
    return result;
  });
}

/** Which of `ids` are edits waiting for approval (the rest are listings). */
export async function revisionIdsAmong(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), isNotNull(listings.revisionOf)));
  return new Set(rows.map((r) => r.id));
}
