/**
 * The back office's listing work (`/admin/listings`): moderation of one or several listings,
 * deleting with their photos, and saving the editor. The routes parse the request and answer;
 * the rules live here and in rules.ts.
 */
import type { Database } from "~/db/client.server";
import { fail, ok, type Result } from "~/domain/result";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { sanitizeText } from "~/lib/text-sanitizer";
import { changeListingStatus, deleteListings } from "./listings.server";
import { deleteUnreferencedPhotos } from "./photos.server";
import type { StatusChange } from "./rules";
import { MODERATION_FIELD } from "./validation";

export type ListingErrorCode =
  | "listing.not_found"
  | "listing.not_allowed"
  | "listing.reject_note_required"
  | "listing.action_failed";

/**
 * One moderation step on the listings named by `ids`: a status change (a rejection needs a note —
 * the spec's submission rule, kept for listings) or deleting them with their photos. Listings whose
 * status no longer allows the change are left alone and counted as skipped.
 */
export async function moderateListings(
  db: Database,
  storage: Storage,
  input: { change: StatusChange | "delete"; ids: readonly number[]; note: string; reviewer: string },
): Promise<Result<{ changed: number[]; skipped: number }, ListingErrorCode>> {
  const { change, ids, reviewer } = input;
  const note = sanitizeText(input.note, 2000);
  try {
    if (change === "delete") {
      const { deleted, photoKeys } = await deleteListings(db, ids);
      if (deleted.length === 0) return fail("listing.not_found");
      await deleteUnreferencedPhotos(db, storage, photoKeys);
      return ok({ changed: deleted, skipped: ids.length - deleted.length });
    }
    if (change === "reject" && !note) {
      return fail("listing.reject_note_required", {
        fieldErrors: { note: MODERATION_FIELD.rejectNoteRequired },
      });
    }
    const changed = await changeListingStatus(db, ids, change, { reviewer, note });
    if (changed.length === 0) return fail("listing.not_allowed");
    return ok({ changed, skipped: ids.length - changed.length });
  } catch (error) {
    logger.error({ err: error, change, ids }, "listing moderation failed");
    return fail("listing.action_failed");
  }
}
