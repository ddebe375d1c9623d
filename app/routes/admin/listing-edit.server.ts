/**
 * Saves the admin listing editor (`/admin/listings/edit/{id}`): the same schema as the public form,
 * plus the directory link of a job and, for buy/sell, photos to remove and to add.
 */
import type { Database } from "~/db/client.server";
import { getListing, updateListing } from "~/domain/listings/listings.server";
import { deleteUnreferencedPhotos, type PhotoUpload, withNewPhotos } from "~/domain/listings/photos.server";
import { JOB_FORM_LISTS, jobSchema, saleSchema } from "~/domain/listings/validation";
import type { ErrorCode } from "~/http/errors";
import { parseForm } from "~/http/form";
import type { Storage } from "~/integrations/storage/storage";
import type { FieldErrors, FormValues } from "~/lib/form";
import { parseId, parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fieldMessage } from "~/messages/fields";
import { FIELD_MESSAGES } from "~/messages/listings";

/** A refusal names its code (`app/http/errors.ts` gives its words and status; `status` overrides it). */
export type EditResult =
  | { ok: true }
  | { ok: false; code: ErrorCode; status?: number; fieldErrors: FieldErrors; values: FormValues };

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
    return { ok: false, code: "listing.not_found", fieldErrors: {}, values: {} };
  }
  const parsed =
    stored.kind === "job"
      ? parseForm(jobSchema, form, { lists: [...JOB_FORM_LISTS, "removePhoto"] })
      : parseForm(saleSchema(), form, { lists: ["removePhoto"] });
  const fail = (code: ErrorCode, fieldErrors: FieldErrors = {}, status?: number): EditResult => ({
    ok: false,
    code,
    ...(status ? { status } : {}),
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
    return fail("listing.invalid", {
      ...(parsed.ok ? {} : parsed.fieldErrors),
      ...(companyError ? { companyId: companyError } : {}),
    });
  }

  const fields = parsed.data;
  const files = fields.kind === "sale" ? newPhotos : [];
  const ownPhotoIds = new Set(stored.photos.map((p) => p.id));
  const removeIds = parseIds(form.getAll("removePhoto")).filter((p) => ownPhotoIds.has(p));
  try {
    const result = await withNewPhotos(
      storage,
      { title: fields.title, kept: stored.photos.length - removeIds.length, uploads: files },
      (added) =>
        updateListing(db, id, fields, {
          companyId: fields.kind === "job" ? companyId : undefined,
          photos: { removeIds, add: added },
        }),
    );
    if (!result.ok) {
      return result.reason === "gone"
        ? fail("listing.not_found", {}, 500)
        : fail("listing.photo_refused", { photos: fieldMessage(result.photoError) });
    }
    await deleteUnreferencedPhotos(db, storage, result.value.removedKeys);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, id }, "listing edit could not be saved");
    return fail("listing.action_failed");
  }
}
