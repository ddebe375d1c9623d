/**
 * The back office's listing work (`/admin/listings`): moderation of one or several listings,
 * deleting with their photos, and saving the editor. The routes parse the request and answer;
 * the rules live here and in rules.ts.
 */
import type { Database } from "~/db/client.server";
import { fail, ok, type Result } from "~/domain/result";
import type { Storage } from "~/integrations/storage/storage";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { parseId, parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { sanitizeText } from "~/lib/text-sanitizer";
import { changeListingStatus, deleteListings, getListing, updateListing } from "./listings.server";
import { LISTING_MESSAGES, MAX_PHOTOS } from "./options";
import {
  deletePhotoObjects,
  deleteUnreferencedPhotos,
  preparePhotos,
  type StoredPhoto,
  storePhotos,
} from "./photos.server";
import type { StatusChange } from "./rules";
import {
  FIELD_MESSAGES,
  JOB_FORM_LISTS,
  jobSchema,
  SALE_FORM_FILES,
  SALE_FORM_LISTS,
  saleSchema,
} from "./validation";

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
        fieldErrors: { note: LISTING_MESSAGES.rejectNoteRequired },
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

export type EditResult =
  | { ok: true; status: 200 }
  | { ok: false; status: 400 | 404 | 500; message: string; fieldErrors: FieldErrors; values: FormValues };

/**
 * Saves the admin editor: the same schema as the public form, plus the directory link of a job
 * (`companyId`, "" for none) and, for buy/sell, photos to remove (`removePhoto`) and to add
 * (`photos`), at most 8 in all.
 */
export async function saveListingEdit(
  db: Database,
  storage: Storage,
  id: number,
  form: FormData,
  validCompanyIds: ReadonlySet<number>,
): Promise<EditResult> {
  const stored = await getListing(db, id);
  if (!stored) {
    return { ok: false, status: 404, message: LISTING_MESSAGES.notFound, fieldErrors: {}, values: {} };
  }
  const parsed =
    stored.kind === "job"
      ? parseForm(jobSchema, form, { lists: [...JOB_FORM_LISTS, "removePhoto"] })
      : parseForm(saleSchema(), form, { lists: [...SALE_FORM_LISTS, "removePhoto"], files: SALE_FORM_FILES });
  const fail = (status: 400 | 500, message: string, fieldErrors: FieldErrors = {}): EditResult => ({
    ok: false,
    status,
    message,
    fieldErrors,
    values: parsed.values,
  });
  const companyRaw = form.get("companyId");
  const companyId = companyRaw === "" || companyRaw === null ? null : parseId(companyRaw);
  const companyError =
    stored.kind === "job" &&
    companyRaw !== "" &&
    companyRaw !== null &&
    (companyId === null || !validCompanyIds.has(companyId))
      ? FIELD_MESSAGES.companyId
      : null;
  if (!parsed.ok || companyError) {
    return fail(400, LISTING_MESSAGES.fixErrors, {
      ...(parsed.ok ? {} : parsed.fieldErrors),
      ...(companyError ? { companyId: companyError } : {}),
    });
  }

  const data = parsed.data;
  const files = data.kind === "sale" ? (data as { photos: File[] }).photos : [];
  const ownPhotoIds = new Set(stored.photos.map((p) => p.id));
  const removeIds = parseIds(form.getAll("removePhoto")).filter((p) => ownPhotoIds.has(p));
  if (stored.photos.length - removeIds.length + files.length > MAX_PHOTOS) {
    return fail(400, LISTING_MESSAGES.fixErrors, { photos: FIELD_MESSAGES.photosCount });
  }
  const prepared = await preparePhotos(files);
  if (!prepared.ok) return fail(400, LISTING_MESSAGES.fixErrors, { photos: prepared.message });

  let added: StoredPhoto[] = [];
  try {
    added = await storePhotos(storage, prepared.photos, data.title);
    const { photos: _files, ...fields } = data as typeof data & { photos?: File[] };
    const result = await updateListing(db, id, fields, {
      companyId: fields.kind === "job" ? companyId : undefined,
      photos: { removeIds, add: added },
    });
    if (!result) {
      await deletePhotoObjects(
        storage,
        added.map((p) => p.key),
      );
      return fail(500, LISTING_MESSAGES.notFound);
    }
    await deleteUnreferencedPhotos(db, storage, result.removedKeys);
    return { ok: true, status: 200 };
  } catch (error) {
    logger.error({ err: error, id }, "listing edit could not be saved");
    await deletePhotoObjects(
      storage,
      added.map((p) => p.key),
    );
    return fail(500, LISTING_MESSAGES.actionFailed);
  }
}
