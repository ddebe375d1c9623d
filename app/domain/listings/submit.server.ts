/**
 * Posting a listing from the public forms (`/poslovi/novi`, `/kupoprodaja/novi`), in the order every
 * public form keeps (domain/rate-limit/public-form.server.ts, docs/decisions/150):
 *
 * 1. the body limit (server);
 * 2. `admitListingPost` — the limiter (5 per 15 minutes per address and form), before the body is
 *    read: it needs only the address, so a refused post costs one short transaction and its photos
 *    are read and dropped, never written to disk nor looked at;
 * 3. the route reads the form (photos to temporary files), checks the honeypot and parses the
 *    fields; a typo gives the attempt back (`withdrawListingPost`);
 * 4. `submitListing` — the photos' headers (type, size, pixels: cheap; a refused photo gives the
 *    attempt back too), then each photo decoded in the bounded image pool and stored, then the row.
 *
 * The listing waits for approval.
 */
import type { Database } from "~/db/client.server";
import type { RateLimitResult } from "~/domain/rate-limit/limiter.server";
import { forgivePublicForm, limitPublicForm } from "~/domain/rate-limit/public-form.server";
import { fail, ok, type Result } from "~/domain/result";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { createListing, findCompanyByName } from "./listings.server";
import type { ListingKind } from "./options";
import {
  checkPhotos,
  deletePhotoObjects,
  type PhotoUpload,
  processPhotos,
  type StoredPhoto,
} from "./photos.server";
import type { ListingData } from "./validation";

export const LISTING_FORM_NAMES: Record<ListingKind, string> = { job: "listing-job", sale: "listing-sale" };

/** Counts this post against its form's limit; run it before the body is read. */
export function admitListingPost(
  db: Database,
  kind: ListingKind,
  clientIp: string | null,
  now = new Date(),
): Promise<RateLimitResult> {
  return limitPublicForm(db, LISTING_FORM_NAMES[kind], clientIp, now);
}

/** A post refused for its fields (a typo) does not count: its attempt is given back. */
export function withdrawListingPost(db: Database, admission: RateLimitResult): Promise<void> {
  return forgivePublicForm(db, admission);
}

/**
 * A photo was refused (`listing.photo_refused`: the field error of `photos` names it), or the store
 * or the database failed (`listing.submit_failed`, logged).
 */
export type SubmitErrorCode = "listing.photo_refused" | "listing.submit_failed";
export type SubmitResult = Result<{ id: number }, SubmitErrorCode>;

/**
 * Stores an admitted, validated listing with its photos (at most 8; temporary files or buffers):
 * headers first, then decoding, then the store, then the row.
 */
export async function submitListing(
  db: Database,
  storage: Storage,
  admission: RateLimitResult,
  post: { data: ListingData; photos: readonly PhotoUpload[] },
  now = new Date(),
): Promise<SubmitResult> {
  const { data } = post;
  const photos = data.kind === "sale" ? post.photos : [];
  const checked = await checkPhotos(photos);
  if (!checked.ok) {
    // Refused from the headers alone: nothing costly ran, so it does not count.
    await forgivePublicForm(db, admission);
    return fail("listing.photo_refused", { fieldErrors: { photos: checked.photoError } });
  }
  let stored: StoredPhoto[] = [];
  try {
    const processed = await processPhotos(storage, checked.photos, data.title, now.getTime());
    if (!processed.ok)
      return fail("listing.photo_refused", { fieldErrors: { photos: processed.photoError } });
    stored = processed.stored;
    const companyId = data.kind === "job" ? await findCompanyByName(db, data.companyName) : null;
    const id = await createListing(db, data, stored, { status: "pending", companyId, now });
    return ok({ id });
  } catch (error) {
    logger.error({ err: error, kind: data.kind }, "listing could not be stored");
    await deletePhotoObjects(
      storage,
      stored.map((p) => p.key),
    );
    return fail("listing.submit_failed");
  }
}
