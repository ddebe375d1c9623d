import fsp from "node:fs/promises";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { Database, DbOrTx } from "~/db/client.server";
import { mediaFiles } from "~/db/schema";
import { type Failure, fail } from "~/domain/result";
import type { Bucket, Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { runImageWork } from "./image-work.server";
import {
  type AllowedMime,
  displayName,
  exceedsPixelLimit,
  LIBRARY_MIME_TYPES,
  MAX_BYTES,
  MAX_IMAGE_PIXELS,
  type MediaErrorCode,
  type MediaType,
  mediaKey,
  mediaTypeOf,
  parseMediaKey,
  RASTER_MIME_TYPES,
  storedNameFor,
  tooLargeCode,
  type UploadProfile,
  variantKey,
  variantWidths,
} from "./rules";
import { sniffImageType } from "./sniff";
import { sanitizeSvg } from "./svg.server";

export type MediaRow = typeof mediaFiles.$inferSelect;
export type MediaItem = {
  id: number;
  bucket: Bucket;
  name: string;
  displayName: string;
  url: string;
  size: number;
  mimeType: string;
  type: MediaType;
  width: number | null;
  height: number | null;
  /** The words that go with the file wherever it is inserted. */
  alt: string;
  caption: string;
  createdAt: string;
};

export function toItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    bucket: row.bucket,
    name: row.name,
    displayName: displayName(row.name),
    url: row.url,
    size: row.size,
    mimeType: row.mimeType,
    type: row.type,
    width: row.width,
    height: row.height,
    alt: row.alt,
    caption: row.caption,
    createdAt: row.createdAt.toISOString(),
  };
}

export type MediaListFilter = {
  bucket?: Bucket;
  /** Diacritic- and case-insensitive substring of the name. */
  q?: string;
  type?: MediaType;
  page: number;
  perPage: number;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: Omit<MediaListFilter, "page" | "perPage">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.bucket) parts.push(eq(mediaFiles.bucket, filter.bucket));
  if (filter.type) parts.push(eq(mediaFiles.type, filter.type));
  const q = filter.q?.trim();
  if (q) {
    parts.push(sql`search_norm(${mediaFiles.name}) like '%' || search_norm(${escapeLike(q)}) || '%'`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page, newest first, plus the total (spec §9: 20 in the modal, 30 in the manager). */
export async function listMedia(
  db: DbOrTx,
  filter: MediaListFilter,
): Promise<{ items: MediaItem[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(mediaFiles)
      .where(where)
      .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { items: rows.map(toItem), total: Number(n) };
}

export async function countMedia(db: DbOrTx, filter: Omit<MediaListFilter, "page" | "perPage"> = {}) {
  const [{ n }] = await db.select({ n: count() }).from(mediaFiles).where(whereOf(filter));
  return Number(n);
}

export async function findMedia(db: DbOrTx, bucket: Bucket, name: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
    .limit(1);
  return row ?? null;
}

export async function findMediaById(db: DbOrTx, id: number): Promise<MediaRow | null> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  return row ?? null;
}

export async function insertMedia(db: DbOrTx, values: typeof mediaFiles.$inferInsert): Promise<MediaRow> {
  const [row] = await db.insert(mediaFiles).values(values).returning();
  return row;
}

/** An upload in memory, or received to a temporary file (lib/multipart.server.ts) and not read yet. */
export type UploadSource = Buffer | { path: string; size: number };

export type UploadInput = {
  bucket: Bucket;
  profile: UploadProfile;
  fileName: string;
  now?: number;
} & ({ bytes: Buffer } | { file: { path: string; size: number } });

export type UploadResult = { ok: true; item: MediaItem } | Failure<MediaErrorCode>;

type Checked =
  | {
      ok: true;
      mime: AllowedMime;
      /** What to store: the upload itself, or for SVG its sanitised copy. */
      source: UploadSource;
      width?: number;
      height?: number;
    }
  | Extract<UploadResult, { ok: false }>;

/** Every sharp call that decodes an upload gets this: a bomb fails in microseconds, not seconds. */
const DECODE_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/**
 * The upload rules: size by profile, type by content; a raster image's size is read from its
 * header (no pixel is decoded) and refused over the pixel limit; an SVG is sanitised.
 */
export async function checkUpload(profile: UploadProfile, source: UploadSource): Promise<Checked> {
  const size = Buffer.isBuffer(source) ? source.length : source.size;
  if (size > MAX_BYTES[profile]) {
    return fail(tooLargeCode(profile));
  }
  const notImage = fail("media.not_image");
  if (size === 0) return notImage;
  const mime = sniffImageType(await headOf(source));
  if (!mime) return notImage;
  if (profile === "library" && !LIBRARY_MIME_TYPES.includes(mime)) return notImage;
  if (mime === "image/svg+xml") {
    return checkSvg(Buffer.isBuffer(source) ? source : await fsp.readFile(source.path));
  }
  let meta: Metadata;
  try {
    // metadata() reads the header only; the pixel limit is ours, below, with our message.
    meta = await sharp(sharpInput(source), { animated: false, limitInputPixels: false }).metadata();
  } catch (error) {
    logger.warn({ err: error }, "upload refused: image header does not decode");
    return notImage;
  }
  const expected = { "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" }[
    mime as Exclude<AllowedMime, "image/svg+xml">
  ];
  if (meta.format !== expected || !meta.width || !meta.height) return notImage;
  if (exceedsPixelLimit(meta.width, meta.height)) {
    return fail("media.too_many_pixels");
  }
  const rotated = meta.orientation && meta.orientation >= 5;
  return {
    ok: true,
    mime,
    source,
    width: rotated ? meta.height : meta.width,
    height: rotated ? meta.width : meta.height,
  };
}

async function checkSvg(bytes: Buffer): Promise<Checked> {
  const result = await sanitizeSvg(bytes.toString("utf8"));
  if (!result.ok) {
    logger.info({ reason: result.reason }, "SVG upload refused");
    return result.reason === "too_complex" ? fail("media.svg_too_complex") : fail("media.unsafe_svg");
  }
  if (result.removed > 0) logger.info({ removed: result.removed }, "SVG upload sanitised");
  return { ok: true, mime: "image/svg+xml", source: Buffer.from(result.svg, "utf8") };
}

/** What sharp reads: the bytes, or the file (sharp then reads only what it needs). */
export function sharpInput(source: UploadSource): Buffer | string {
  return Buffer.isBuffer(source) ? source : source.path;
}

/** The first bytes of an upload, enough to tell its type (sniff.ts). */
async function headOf(source: UploadSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const handle = await fsp.open(source.path, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * WebP copies of a raster image at its variant widths (EXIF orientation applied), one after the
 * other. It decodes: for an upload, call it inside `runImageWork` (image-work.server.ts).
 */
export async function makeVariants(
  input: Buffer | string,
  width: number,
): Promise<{ width: number; body: Buffer }[]> {
  const variants: { width: number; body: Buffer }[] = [];
  for (const w of variantWidths(width)) {
    const body = await sharp(input, DECODE_OPTIONS)
      .rotate()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    variants.push({ width: w, body });
  }
  return variants;
}

/**
 * Stores an upload and its row, in step: objects first, then the row; if the row cannot be
 * written the objects are removed again, so neither an orphan row nor (as far as the store
 * answers) an orphan file stays behind.
 */
export async function uploadMedia(db: DbOrTx, storage: Storage, input: UploadInput): Promise<UploadResult> {
  const checked = await checkUpload(input.profile, "bytes" in input ? input.bytes : input.file);
  if (!checked.ok) return checked;
  const now = input.now ?? Date.now();
  const raster = RASTER_MIME_TYPES.includes(checked.mime) && checked.width && checked.height;
  const name = storedNameFor(input.fileName, checked.mime);
  let key = mediaKey(name, now, raster ? { width: checked.width!, height: checked.height! } : undefined);
  // Two uploads of one name in one millisecond: bump the time stamp.
  for (let i = 1; i < 20 && (await findMedia(db, input.bucket, key)); i++) {
    key = mediaKey(name, now + i, raster ? { width: checked.width!, height: checked.height! } : undefined);
  }
  const written: string[] = [];
  try {
    // Read once, after the checks (at most the 10 MB file).
    const bytes = Buffer.isBuffer(checked.source) ? checked.source : await fsp.readFile(checked.source.path);
    await storage.put(input.bucket, key, bytes, checked.mime);
    written.push(key);
    if (raster) {
      for (const v of await runImageWork(() => makeVariants(bytes, checked.width!))) {
        const vk = variantKey(key, v.width);
        await storage.put(input.bucket, vk, v.body, "image/webp");
        written.push(vk);
      }
    }
    const row = await insertMedia(db, {
      bucket: input.bucket,
      name: key,
      url: storage.publicUrl(input.bucket, key),
      size: bytes.length,
      mimeType: checked.mime,
      type: mediaTypeOf(key),
      width: checked.width ?? null,
      height: checked.height ?? null,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    return { ok: true, item: toItem(row) };
  } catch (error) {
    logger.error({ err: error, bucket: input.bucket, key }, "media upload failed");
    await Promise.allSettled(written.map((k) => storage.delete(input.bucket, k)));
    return fail("media.upload_failed");
  }
}

/** The keys of a stored file's WebP variants (none for SVG and other files without a size in the key). */
export function variantKeysOf(name: string): string[] {
  const width = parseMediaKey(name)?.width;
  return width ? variantWidths(width).map((w) => variantKey(name, w)) : [];
}

export type DeleteResult = { ok: true } | Failure<MediaErrorCode>;

/**
 * Deletes the row and the objects together: the row is deleted inside a transaction that only
 * commits once the store has removed the original, so a failing store leaves the row (and the
 * file) in place. Variants are removed best-effort afterwards.
 */
export async function deleteMedia(
  db: Database,
  storage: Storage,
  bucket: Bucket,
  name: string,
): Promise<DeleteResult> {
  try {
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(mediaFiles)
        .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
        .returning();
      if (!row) return null;
      await storage.delete(bucket, name);
      return row;
    });
    if (!deleted) return fail("media.not_found");
    await Promise.allSettled(variantKeysOf(name).map((key) => storage.delete(bucket, key)));
    return { ok: true };
  } catch (error) {
    logger.error({ err: error, bucket, name }, "media delete failed");
    const reason = error instanceof Error ? error.message : String(error);
    // The store's own one-line reason is what the screen shows (detail).
    return fail("media.delete_failed", { detail: reason });
  }
}
