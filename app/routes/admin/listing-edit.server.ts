/**
 * Saves the admin listing editor (`/admin/listings/edit/{id}`): the same schema as the public form,
 * plus the directory link of a job and, for buy/sell, photos to remove and to add.
 */
import type { Database } from "~/db/client.server";
import { getListing, updateListing } from "~/domain/listings/listings.server";
import { MAX_PHOTOS } from "~/domain/listings/options";
import {
  checkPhotos,
  deletePhotoObjects,
  deleteUnreferencedPhotos,
  type PhotoUpload,
  processPhotos,
  type StoredPhoto,
} from "~/domain/listings/photos.server";
import { JOB_FORM_LISTS, jobSchema, saleSchema } from "~/domain/listings/validation";
import { parseForm } from "~/http/form";
import type { Storage } from "~/integrations/storage/storage";
import type { FieldErrors, FormValues } from "~/lib/form";
import { parseId, parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fieldMessage } from "~/messages/fields";
import { FIELD_MESSAGES, LISTING_MESSAGES } from "~/messages/listings";

export type EditResult =
  | { ok: true; status: 200 }
  | { ok: false; status: 400 | 404 | 500; message: string; fieldErrors: FieldErrors; values: FormValues };

/**
 * Saves the admin editor: the same schema as the public form, plus the directory link of a job
 * (`companyId`, "" for none) and, for buy/sell, photos to remove (`removePhoto`) and to add
 * (`photos`, received by the route to temporary files), at most 8 in all.
 */
export async function saveListingEdit(
  db: Database,
  storage: Storage,
  id: number,
  form: URLSearchParams,
  newPhotos: readonly PhotoUpload[],
  validCompanyIds: ReadonlySet<number>,
): Promise<EditResult> {
  const stored = await getListing(db, id);
  if (!stored) {
    return { ok: false, status: 404, message: LISTING_MESSAGES.notFound, fieldErrors: {}, values: {} };
  }
  const parsed =
    stored.kind === "job"
      ? parseForm(jobSchema, form, { lists: [...JOB_FORM_LISTS, "removePhoto"] })
      : parseForm(saleSchema(), form, { lists: ["removePhoto"] });
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

  const fields = parsed.data;
  const files = fields.kind === "sale" ? newPhotos : [];
  const ownPhotoIds = new Set(stored.photos.map((p) => p.id));
  const removeIds = parseIds(form.getAll("removePhoto")).filter((p) => ownPhotoIds.has(p));
  if (stored.photos.length - removeIds.length + files.length > MAX_PHOTOS) {
    return fail(400, LISTING_MESSAGES.fixErrors, { photos: FIELD_MESSAGES.photosCount });
  }
  const checked = await checkPhotos(files);
  if (!checked.ok) return fail(400, LISTING_MESSAGES.fixErrors, { photos: fieldMessage(checked.photoError) });

  let added: StoredPhoto[] = [];
  try {
    const processed = await processPhotos(storage, checked.photos, fields.title);
    if (!processed.ok)
      return fail(400, LISTING_MESSAGES.fixErrors, { photos: fieldMessage(processed.photoError) });
    added = processed.stored;
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
