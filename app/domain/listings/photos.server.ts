/**
 * Photos of buy/sell listings (decision 092). A visitor's photo is judged by its bytes like every
 * upload (domain/media: magic numbers, then a decode by sharp; JPG, PNG, GIF or WebP, at most 5 MB),
 * and by its decoded size (at most 50 megapixels, checked from the header before decoding), then
 * re-encoded: EXIF orientation applied, at most 2000 px on the long side, JPEG, and — because the
 * re-encode drops all metadata — no GPS position or camera serial of the poster reaches the site.
 * The result is stored with the media area's WebP variants and key scheme (decision 011), so
 * `responsiveImage()` serves it with a srcset.
 */
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { listingPhotos } from "~/db/schema";
import { slugText } from "~/domain/articles/slug";
import { checkUpload, makeVariants } from "~/domain/media/media.server";
import {
  LIBRARY_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaKey,
  parseMediaKey,
  variantKey,
  variantWidths,
} from "~/domain/media/rules";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";

export const PHOTO_BUCKET = "images" as const;
export const PHOTO_MAX_BYTES = LIBRARY_MAX_BYTES;
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_MAX_EDGE = 2000;

export const PHOTO_MESSAGES = {
  tooManyPixels: "Fotografija ima previše piksela (najviše 50 megapiksela).",
  failed: "Fotografiju nije moguće obraditi. Pokušajte sa drugom.",
} as const;

export type PreparedPhoto = {
  body: Buffer;
  width: number;
  height: number;
  variants: { width: number; body: Buffer }[];
};

export type StoredPhoto = { key: string; url: string; width: number; height: number; size: number };

/** One photo checked and re-encoded, or the reason it is refused (the media area's messages). */
export async function preparePhoto(
  bytes: Buffer,
): Promise<{ ok: true; photo: PreparedPhoto } | { ok: false; message: string }> {
  const checked = await checkUpload("library", bytes);
  if (!checked.ok) return { ok: false, message: checked.message };
  if ((checked.width ?? 0) * (checked.height ?? 0) > PHOTO_MAX_PIXELS) {
    return { ok: false, message: PHOTO_MESSAGES.tooManyPixels };
  }
  try {
    const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const variants = await makeVariants(data, info.width);
    return { ok: true, photo: { body: data, width: info.width, height: info.height, variants } };
  } catch (error) {
    logger.error({ err: error }, "listing photo could not be processed");
    return { ok: false, message: PHOTO_MESSAGES.failed };
  }
}

/**
 * Every photo of a submission, one after the other (bounded memory on a small server). The first
 * refusal stops and names the photo: "kamion.heic: Molimo odaberite sliku (JPG, PNG, GIF, WebP)".
 */
export async function preparePhotos(
  files: readonly File[],
): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
  const photos: PreparedPhoto[] = [];
  for (const [i, file] of files.entries()) {
    const label = file.name?.trim() ? file.name.trim().slice(0, 60) : `Fotografija ${i + 1}`;
    if (file.size > PHOTO_MAX_BYTES) {
      return { ok: false, message: `${label}: ${MEDIA_MESSAGES.tooLarge}` };
    }
    const result = await preparePhoto(Buffer.from(await file.arrayBuffer()));
    if (!result.ok) return { ok: false, message: `${label}: ${result.message}` };
    photos.push(result.photo);
  }
  return { ok: true, photos };
}

/** The stored name of a listing's photo: the title's slug and a random part (never the visitor's file name). */
export function photoName(title: string): string {
  const base = slugText(title).slice(0, 50).replace(/-+$/, "") || "oglas";
  return `${base}-${randomBytes(3).toString("hex")}.jpg`;
}

/**
 * Writes the photos and their variants to the store. On any failure the objects written so far are
 * removed again and the error is thrown (the caller writes no rows then).
 */
export async function storePhotos(
  storage: Storage,
  photos: readonly PreparedPhoto[],
  title: string,
  now = Date.now(),
): Promise<StoredPhoto[]> {
  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const [i, photo] of photos.entries()) {
      const key = mediaKey(photoName(title), now + i, { width: photo.width, height: photo.height });
      await storage.put(PHOTO_BUCKET, key, photo.body, "image/jpeg");
      written.push(key);
      for (const v of photo.variants) {
        const vk = variantKey(key, v.width);
        await storage.put(PHOTO_BUCKET, vk, v.body, "image/webp");
        written.push(vk);
      }
      stored.push({
        key,
        url: storage.publicUrl(PHOTO_BUCKET, key),
        width: photo.width,
        height: photo.height,
        size: photo.body.length,
      });
    }
    return stored;
  } catch (error) {
    await Promise.allSettled(written.map((k) => storage.delete(PHOTO_BUCKET, k)));
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
