/**
 * Posting a listing from the public forms (`/poslovi/novi`, `/kupoprodaja/novi`), in the order every
 * public form keeps (app/http/public-form.server.ts): the body limit (server) → the
 * honeypot → validation, photos included (a typo is not counted) → the limiter (5 per 15 minutes
 * per address and form) → the photos to the store → the row. The listing waits for approval.
 */
import type { Database } from "~/db/client.server";
import { createListing, findCompanyByName } from "~/domain/listings/listings.server";
import { LISTING_MESSAGES, type ListingKind } from "~/domain/listings/options";
import {
  deletePhotoObjects,
  preparePhotos,
  type StoredPhoto,
  storePhotos,
} from "~/domain/listings/photos.server";
import {
  JOB_FORM_LISTS,
  jobSchema,
  SALE_FORM_FILES,
  SALE_FORM_LISTS,
  saleSchema,
} from "~/domain/listings/validation";
import { limitPublicForm, tooManyRequestsMessage } from "~/domain/rate-limit/public-form.server";
import { honeypotFilled } from "~/http/public-form.server";
import type { Storage } from "~/integrations/storage/storage";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { logger } from "~/lib/logger.server";

export const LISTING_FORM_NAMES: Record<ListingKind, string> = { job: "listing-job", sale: "listing-sale" };

export type SubmitResult =
  | { ok: true; id: number | null }
  | {
      ok: false;
      status: 400 | 429 | 500;
      message: string;
      fieldErrors: FieldErrors;
      values: FormValues;
      /** Photos were sent but must be chosen again (the browser does not keep them after a reload). */
      photosLost: boolean;
    };

/** Reads, checks and stores a posted listing. `id` is null for a honeypot hit (nothing stored). */
export async function submitListing(
  db: Database,
  storage: Storage,
  kind: ListingKind,
  form: FormData,
  clientIp: string | null,
  now = new Date(),
): Promise<SubmitResult> {
  const formName = LISTING_FORM_NAMES[kind];
  if (honeypotFilled(form)) {
    await limitPublicForm(db, formName, clientIp, now);
    return { ok: true, id: null };
  }
  const photosSent = form.getAll("photos").some((f) => typeof f !== "string" && f.size > 0);
  const parsed =
    kind === "job"
      ? parseForm(jobSchema, form, { lists: JOB_FORM_LISTS })
      : parseForm(saleSchema(now), form, { lists: SALE_FORM_LISTS, files: SALE_FORM_FILES });
  const fail = (status: 400 | 429 | 500, message: string, fieldErrors: FieldErrors = {}): SubmitResult => ({
    ok: false,
    status,
    message,
    fieldErrors,
    values: parsed.values,
    photosLost: photosSent,
  });
  if (!parsed.ok) return fail(400, LISTING_MESSAGES.fixErrors, parsed.fieldErrors);

  const data = parsed.data;
  const files = data.kind === "sale" ? (data as { photos: File[] }).photos : [];
  const prepared = await preparePhotos(files);
  if (!prepared.ok) return fail(400, LISTING_MESSAGES.fixErrors, { photos: prepared.message });

  const limit = await limitPublicForm(db, formName, clientIp, now);
  if (!limit.ok) return fail(429, tooManyRequestsMessage(limit.retryAfterMinutes));

  let stored: StoredPhoto[] = [];
  try {
    stored = await storePhotos(storage, prepared.photos, data.title, now.getTime());
    const { photos: _files, ...fields } = data as typeof data & { photos?: File[] };
    const companyId = fields.kind === "job" ? await findCompanyByName(db, fields.companyName) : null;
    const id = await createListing(db, fields, stored, { status: "pending", companyId, now });
    return { ok: true, id };
  } catch (error) {
    logger.error({ err: error, kind }, "listing could not be stored");
    await deletePhotoObjects(
      storage,
      stored.map((p) => p.key),
    );
    return fail(500, LISTING_MESSAGES.failed);
  }
}
