/**
 * The media rules of the spec (§3 Media file, §5 uploads and the file-name cleaner, §9 limits),
 * as pure functions shared by the server and the browser.
 *
 * Glossary: a file's *key* is its stored name (time-stamp prefix + cleaned name); its *display
 * name* is the key without the prefix; *variants* are WebP copies at a few widths of a raster
 * image, stored beside it for the public pages.
 */

export const LIBRARY_PAGE_SIZE = 20;
export const MANAGER_PAGE_SIZE = 30;
/** Spec §9: 5 MB in the article image library, 10 MB (10485760 bytes) in the media manager. */
export const LIBRARY_MAX_BYTES = 5 * 1024 * 1024;
export const MANAGER_MAX_BYTES = 10485760;
export type UploadProfile = "library" | "manager";
export const MAX_BYTES: Record<UploadProfile, number> = {
  library: LIBRARY_MAX_BYTES,
  manager: MANAGER_MAX_BYTES,
};

/**
 * Why an upload or a delete is refused (the words are MEDIA_MESSAGES in app/messages/media.ts;
 * the statuses in app/http/errors.ts).
 */
export type MediaErrorCode =
  | "media.not_image"
  | "media.too_large"
  | "media.manager_too_large"
  | "media.too_many_pixels"
  | "media.svg_too_complex"
  | "media.unsafe_svg"
  | "media.upload_failed"
  | "media.busy"
  | "media.not_found"
  | "media.unknown_bucket"
  | "media.delete_failed";

/** The upload refusal for a file over the profile's size. */
export function tooLargeCode(profile: UploadProfile): MediaErrorCode {
  return profile === "library" ? "media.too_large" : "media.manager_too_large";
}

/**
 * Decoded-image limits, checked from the header before any pixel is decoded: a 249 KB PNG can
 * claim 16000×16000 pixels (1 GB decoded). 50 megapixels lets through a 48 MP phone photo;
 * 12,000 px a side keeps every WebP variant under WebP's 16,383 px limit.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export function exceedsPixelLimit(width: number, height: number): boolean {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}

/** SVG is parsed and sanitised in memory (a DOM per upload): these keep that under a second. */
export const SVG_MAX_BYTES = 1024 * 1024;
export const SVG_MAX_ELEMENTS = 10_000;

/** Spec §5 Media manager: the allowed MIME types (jpg is jpeg). Others are skipped. */
export const ALLOWED_MIME_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/svg+xml",
] as const;
export type AllowedMime = (typeof ALLOWED_MIME_TYPES)[number];
/** The library modal's rule names only raster images (JPG, PNG, GIF, WebP). */
export const LIBRARY_MIME_TYPES: readonly AllowedMime[] = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
];
export const RASTER_MIME_TYPES: readonly AllowedMime[] = LIBRARY_MIME_TYPES;

export const EXTENSION_OF: Record<AllowedMime, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

/** What the browser says a file is (used only to skip files early in the UI; the server sniffs). */
export function isAllowedDeclaredType(type: string, name: string, profile: UploadProfile): boolean {
  const allowed: readonly string[] = profile === "library" ? LIBRARY_MIME_TYPES : ALLOWED_MIME_TYPES;
  if (allowed.includes(type.toLowerCase())) return true;
  if (type === "image/jpg") return true;
  // Some systems send no type: fall back to the extension for the early check only.
  if (!type) {
    const ext = extensionOf(name);
    const exts =
      profile === "library"
        ? ["jpg", "jpeg", "png", "gif", "webp"]
        : ["jpg", "jpeg", "png", "gif", "webp", "svg"];
    return exts.includes(ext);
  }
  return false;
}

export type MediaType = "image" | "video" | "document";
const IMAGE_EXT = ["jpg", "jpeg", "png", "gif", "webp", "svg"];
const VIDEO_EXT = ["mp4", "avi", "mov", "wmv", "flv", "webm"];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Spec §3: the type derived by extension. */
export function mediaTypeOf(name: string): MediaType {
  const ext = extensionOf(name);
  if (IMAGE_EXT.includes(ext)) return "image";
  if (VIDEO_EXT.includes(ext)) return "video";
  return "document";
}

/**
 * Spec §5 file-name cleaner: only letters, digits, dot and hyphen are kept, the rest becomes an
 * underscore, runs of underscores are collapsed, and the result is cut at 255 characters.
 * "Letters" are ASCII letters: the name becomes part of a URL and an object key.
 */
export function cleanFileName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "dj")
    .replace(/Đ/g, "Dj")
    .replace(/[^A-Za-z0-9.-]/g, "_")
    .replace(/_+/g, "_")
    .slice(0, 255);
  return cleaned;
}

/** Keeps the cleaned stem and forces the extension to the one of the detected type. */
export function storedNameFor(originalName: string, mime: AllowedMime): string {
  const cleaned = cleanFileName(originalName);
  const dot = cleaned.lastIndexOf(".");
  let stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/^[._]+/, "").replace(/\.+/g, ".");
  if (!stem) stem = "slika";
  const ext = EXTENSION_OF[mime];
  return `${stem}.${ext}`.slice(-200);
}

/**
 * The stored key: `{ms}-{name}` for files without variants, `{ms}_{W}x{H}-{name}` for raster images
 * with WebP variants (W×H the original size). Only our upload writes the prefix, so a visitor-chosen
 * name cannot pretend to have variants. The whole key stays within 255 characters.
 */
export function mediaKey(name: string, now: number, size?: { width: number; height: number }): string {
  const prefix = size ? `${now}_${size.width}x${size.height}-` : `${now}-`;
  return `${prefix}${name}`.slice(0, 255);
}

const KEY_PREFIX = /^(\d{10,16})(?:_(\d{1,5})x(\d{1,5}))?-(.+)$/;

export type ParsedKey = { timestamp: number; name: string; width?: number; height?: number };

export function parseMediaKey(key: string): ParsedKey | null {
  const m = KEY_PREFIX.exec(key);
  if (!m) return null;
  return {
    timestamp: Number(m[1]),
    name: m[4],
    ...(m[2] ? { width: Number(m[2]), height: Number(m[3]) } : {}),
  };
}

/** The name people see: the key without its time-stamp prefix. */
export function displayName(key: string): string {
  return parseMediaKey(key)?.name ?? key;
}

/** Widths of the WebP variants. */
export const VARIANT_WIDTHS = [400, 800, 1200] as const;

/** The variant widths of an image `width` pixels wide: the standard ones below it, plus its own (≤1200). */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  return width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ? [...below, width] : [...below];
}

/** Variants live beside the original: `_v/{key}/{w}.webp`. */
export function variantKey(key: string, width: number): string {
  return `_v/${key}/${width}.webp`;
}
