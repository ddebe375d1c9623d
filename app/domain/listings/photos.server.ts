/**
 * Photos of buy/sell listings (decisions 092 and 150). A visitor's photo is judged by its bytes like
 * every upload (domain/media: magic numbers, then its header read by sharp; JPG, PNG, GIF or WebP,
 * at most 5 MB) and by its decoded size (at most 50 megapixels each and 120 for the whole listing,
 * read from the headers before any pixel is decoded) — all of it cheap. Only then is it decoded,
 * in the bounded image pool (media/image-work.server.ts), one photo at a time, and re-encoded: EXIF orientation applied,
 * at most 2000 px on the long side, JPEG, and — because the re-encode drops all metadata — no GPS
 * position or camera serial of the poster reaches the site. The result is stored with the media
 * area's WebP variants and key scheme (decision 011), so `responsiveImage()` serves it with a srcset.
 */
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { listingPhotos } from "~/db/schema";
import { slugText } from "~/domain/articles/slug";
import { runImageWork } from "~/domain/media/image-work.server";
import { checkUpload, makeVariants, sharpInput, type UploadSource } from "~/domain/media/media.server";
import {
  LIBRARY_MAX_BYTES,
  type MediaErrorCode,
  mediaKey,
  parseMediaKey,
  variantKey,
  variantWidths,
} from "~/domain/media/rules";
import { withDetail } from "~/domain/result";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { PHOTO_FIELD, photoCountError } from "./validation";

export const PHOTO_BUCKET = "images" as const;
export const PHOTO_MAX_BYTES = LIBRARY_MAX_BYTES;
export const PHOTO_MAX_PIXELS = 50_000_000;
/** All the photos of one listing together: eight 12-megapixel phone photos fit (97.5 MP). */
export const PHOTO_MAX_TOTAL_PIXELS = 120_000_000;
export const PHOTO_MAX_EDGE = 2000;

/**
 * A photo as the route received it (lib/multipart.server.ts): in a temporary file at `path`, or in
 * memory (`bytes`); `path` is null when its bytes were not kept (over the size limit: `size` says so).
 */
export type PhotoUpload = { name: string; size: number; path: string | null; bytes?: Buffer };

function sourceOf(photo: PhotoUpload): UploadSource | null {
  if (photo.bytes) return photo.bytes;
  return photo.path ? { path: photo.path, size: photo.size } : null;
}

/** A photo whose header passed every check: its size is known, nothing is decoded yet. */
export type CheckedPhoto = { label: string; source: UploadSource; width: number; height: number };

export type PreparedPhoto = {
  body: Buffer;
  width: number;
  height: number;
  variants: { width: number; body: Buffer }[];
};

export type StoredPhoto = { key: string; url: string; width: number; height: number; size: number };

/** A refusal of the photos: the field code `photos` shows. */
type Refusal = { ok: false; photoError: string };
const refuse = (photoError: string): Refusal => ({ ok: false, photoError });

/** The photo refusal of an upload rule's code (a library upload: not an image, too large, too many pixels). */
function photoCodeOf(code: MediaErrorCode) {
  if (code === "media.too_large") return PHOTO_FIELD.tooLarge;
  if (code === "media.too_many_pixels") return PHOTO_FIELD.imageTooManyPixels;
  return PHOTO_FIELD.notImage;
}

/**
 * The cheap checks of a submission's photos, from their headers only (no pixel decoded): the
 * count, each file's size, type and pixels, and the pixels of all of them together. The first
 * refusal names the photo: "kamion.heic: Molimo odaberite sliku (JPG, PNG, GIF, WebP)".
 */
export async function checkPhotos(
  photos: readonly PhotoUpload[],
): Promise<{ ok: true; photos: CheckedPhoto[] } | Refusal> {
  const countError = photoCountError(photos.length);
  if (countError) return refuse(countError);
  const checked: CheckedPhoto[] = [];
  let pixels = 0;
  for (const [i, photo] of photos.entries()) {
    const label = photo.name.trim() ? photo.name.trim().slice(0, 60) : `Fotografija ${i + 1}`;
    const source = sourceOf(photo);
    if (photo.size > PHOTO_MAX_BYTES || !source) {
      return refuse(withDetail(PHOTO_FIELD.tooLarge, label));
    }
    const result = await checkUpload("library", source);
    if (!result.ok) return refuse(withDetail(photoCodeOf(result.code), label));
    const width = result.width ?? 0;
    const height = result.height ?? 0;
    if (width * height > PHOTO_MAX_PIXELS) {
      return refuse(withDetail(PHOTO_FIELD.tooManyPixels, label));
    }
    pixels += width * height;
    if (pixels > PHOTO_MAX_TOTAL_PIXELS) return refuse(PHOTO_FIELD.tooManyPixelsTogether);
    checked.push({ label, source: result.source, width, height });
  }
  return { ok: true, photos: checked };
}

/** One checked photo decoded and re-encoded (in the image pool), or why it could not be. */
export async function preparePhoto(
  photo: CheckedPhoto,
): Promise<{ ok: true; photo: PreparedPhoto } | { ok: false }> {
  try {
    return await runImageWork(async () => {
      const { data, info } = await sharp(sharpInput(photo.source), {
        animated: false,
        limitInputPixels: PHOTO_MAX_PIXELS,
      })
        .rotate()
        .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      const variants = await makeVariants(data, info.width);
      return { ok: true as const, photo: { body: data, width: info.width, height: info.height, variants } };
    });
  } catch (error) {
    logger.error({ err: error }, "listing photo could not be processed");
    return { ok: false };
  }
}

/** The stored name of a listing's photo: the title's slug and a random part (never the visitor's file name). */
export function photoName(title: string): string {
  const base = slugText(title).slice(0, 50).replace(/-+$/, "") || "oglas";
  return `${base}-${randomBytes(3).toString("hex")}.jpg`;
}

/**
 * Decodes the checked photos of a submission one after the other (each waits for the image pool)
 * and stores each one at once with its variants, so a submission holds one photo's output at a
 * time. A photo that cannot be decoded stops it with its message (named); a store that fails
 * throws. Either way the objects stored so far are removed again (the caller writes no rows then).
 */
export async function processPhotos(
  storage: Storage,
  photos: readonly CheckedPhoto[],
  title: string,
  now = Date.now(),
): Promise<{ ok: true; stored: StoredPhoto[] } | Refusal> {
  const stored: StoredPhoto[] = [];
  const written: string[] = [];
  const removeWritten = () => Promise.allSettled(written.map((k) => storage.delete(PHOTO_BUCKET, k)));
  try {
    for (const [i, photo] of photos.entries()) {
      const prepared = await preparePhoto(photo);
      if (!prepared.ok) {
        await removeWritten();
        return refuse(withDetail(PHOTO_FIELD.failed, photo.label));
      }
      const { body, width, height, variants } = prepared.photo;
      const key = mediaKey(photoName(title), now + i, { width, height });
      await storage.put(PHOTO_BUCKET, key, body, "image/jpeg");
      written.push(key);
      for (const v of variants) {
        const vk = variantKey(key, v.width);
        await storage.put(PHOTO_BUCKET, vk, v.body, "image/webp");
        written.push(vk);
      }
      stored.push({ key, url: storage.publicUrl(PHOTO_BUCKET, key), width, height, size: body.length });
    }
    return { ok: true, stored };
  } catch (error) {
    await removeWritten();
    throw error;
  }
}

/** Removes the objects (and variants) of `keys` from the store. Failures are logged, not thrown. */
export async function deletePhotoObjects(storage: Storage, keys: readonly string[]): Promise<void> {
  const objects = keys.flatMap((key) => {
    const width = parseMediaKey(key)?.width;
    return [key, ...(width ? variantWidths(width).map((w) => variantKey(key, w)) : [])];
  });
  const results = await Promise.allSettled(objects.map((k) => storage.delete(PHOTO_BUCKET, k)));
  for (const [i, r] of results.entries()) {
    if (r.status === "rejected")
      logger.error({ err: r.reason, key: objects[i] }, "listing photo delete failed");
  }
}

/**
 * After rows were deleted: removes the objects no listing references any more (demo listings may
 * share a photo).
 */
export async function deleteUnreferencedPhotos(db: DbOrTx, storage: Storage, keys: readonly string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const still = await db
    .selectDistinct({ key: listingPhotos.key })
    .from(listingPhotos)
    .where(inArray(listingPhotos.key, unique));
  const used = new Set(still.map((r) => r.key));
  await deletePhotoObjects(
    storage,
    unique.filter((k) => !used.has(k)),
  );
}
