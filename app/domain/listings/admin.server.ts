/**
 * The back office's listing work (`/admin/listings`): moderation of one or several listings,
 * deleting with their photos, and saving the editor. The routes parse the request and answer;
 * the rules live here and in rules.ts.
 */
import type { Database } from "~/db/client.server";
import type { Storage } from "~/integrations/storage/storage";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { parseId, parseIds } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { sanitizeText } from "~/lib/text-sanitizer";
import { changeListingStatus, deleteListings, getListing, updateListing } from "./listings.server";
import { LISTING_MESSAGES, MAX_PHOTOS } from "./options";
import {
  checkPhotos,
  deletePhotoObjects,
  deleteUnreferencedPhotos,
  type PhotoUpload,
  processPhotos,
  type StoredPhoto,
} from "./photos.server";
import type { StatusChange } from "./rules";
import { FIELD_MESSAGES, JOB_FORM_LISTS, jobSchema, saleSchema } from "./validation";

export type ModerationIntent = StatusChange | "delete";
export const MODERATION_INTENTS: readonly ModerationIntent[] = [
  "approve",
  "reject",
  "to-pending",
  "renew",
  "delete",
];

export type ModerationResult = {
  ok: boolean;
  status: 200 | 400 | 404 | 409 | 500;
  message: string;
  /** The listings that changed. */
  changed: number[];
  fieldErrors?: FieldErrors;
};

const SUCCESS: Record<StatusChange, (n: number) => string> = {
  approve: (n) => (n === 1 ? LISTING_MESSAGES.approved : LISTING_MESSAGES.approvedMany(n)),
  reject: (n) => (n === 1 ? LISTING_MESSAGES.rejected : LISTING_MESSAGES.rejectedMany(n)),
  "to-pending": () => LISTING_MESSAGES.toPending,
  renew: () => LISTING_MESSAGES.renewed,
};

/**
 * Runs one moderation intent on the listings named by the form's `id` fields. A rejection needs a
 * note (the spec's submission rule, kept for listings). Listings whose status no longer allows the
 * change are left alone and reported (409 when none changed).
 */
export async function moderateListings(
  db: Database,
  storage: Storage,
  intent: string,
  form: FormData,
  reviewer: string,
): Promise<ModerationResult> {
  const ids = parseIds(form.getAll("id"));
  if (!(MODERATION_INTENTS as readonly string[]).includes(intent)) {
    return { ok: false, status: 400, message: "Nepoznata akcija.", changed: [] };
  }
  if (ids.length === 0)
    return { ok: false, status: 400, message: LISTING_MESSAGES.noneSelected, changed: [] };
  const note = sanitizeText(form.get("adminNote"), 2000);
  try {
    if (intent === "delete") {
      const { deleted, photoKeys } = await deleteListings(db, ids);
      if (deleted.length === 0)
        return { ok: false, status: 404, message: LISTING_MESSAGES.notFound, changed: [] };
      await deleteUnreferencedPhotos(db, storage, photoKeys);
      return { ok: true, status: 200, message: LISTING_MESSAGES.deleted, changed: deleted };
    }
    const change = intent as StatusChange;
    if (change === "reject" && !note) {
      return {
        ok: false,
        status: 400,
        message: LISTING_MESSAGES.rejectNoteRequired,
        changed: [],
        fieldErrors: { adminNote: LISTING_MESSAGES.rejectNoteRequired },
      };
    }
    const changed = await changeListingStatus(db, ids, change, { reviewer, note });
    if (changed.length === 0)
      return { ok: false, status: 409, message: LISTING_MESSAGES.notAllowed, changed };
    const skipped = ids.length - changed.length;
    const message =
      SUCCESS[change](changed.length) + (skipped > 0 ? ` Preskočeno (drugi status): ${skipped}.` : "");
    return { ok: true, status: 200, message, changed };
  } catch (error) {
    logger.error({ err: error, intent, ids }, "listing moderation failed");
    return { ok: false, status: 500, message: LISTING_MESSAGES.actionFailed, changed: [] };
  }
}

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
  if (!checked.ok) return fail(400, LISTING_MESSAGES.fixErrors, { photos: checked.message });

  let added: StoredPhoto[] = [];
  try {
    const processed = await processPhotos(storage, checked.photos, fields.title);
    if (!processed.ok) return fail(400, LISTING_MESSAGES.fixErrors, { photos: processed.message });
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
