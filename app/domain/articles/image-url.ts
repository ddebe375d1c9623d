/**
 * Image URLs (spec §5): what an article's (or any content's) stored image value means on the page.
 *
 * - data:svg, blob:, javascript: and about: (and any other scheme that is not http(s) or a raster
 *   data: image) are rejected and replaced by the placeholder image;
 * - old site upload URLs (`…/wp-content/uploads/…`) and bare file names are mapped to the images
 *   bucket, whose files the server serves at `/media/images/{key}`;
 * - a purely numeric value (an old attachment id) gives no image;
 * - empty gives no image. "No image" (null) lets the caller use the default article image.
 *
 * Pure: used by the server (feeds, OpenGraph) and the browser (the image fallback).
 */

/** Shown instead of an image URL that is refused. */
export const IMAGE_PLACEHOLDER = "/images/placeholder.svg";

/** The public URL of a stored file: `/media/{bucket}/{key}` (the media area serves it). */
export function bucketUrl(bucket: "images" | "mediji", key: string): string {
  return `/media/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

const REJECTED_SCHEME = /^(?:data:image\/svg|blob:|javascript:|about:|vbscript:|file:|data:)/i;
const RASTER_DATA = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const OLD_UPLOAD = /\/wp-content\/uploads\/(.+)$/i;
const BARE_FILE_NAME = /^[^/\\:?#\s][^/\\:?#]*\.[a-z0-9]{2,5}$/i;

/**
 * The URL to put in `src` for a stored image value, or null for "no image". Never throws.
 */
export function resolveImageUrl(raw: string | null | undefined): string | null {
  // Control characters and whitespace inside a scheme ("java\nscript:") are how filters get fooled.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const value = (raw ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (value === "") return null;
  if (/^\d+$/.test(value)) return null;

  if (RASTER_DATA.test(value)) return value;
  const compact = value.replace(/\s+/g, "");
  if (REJECTED_SCHEME.test(compact)) return IMAGE_PLACEHOLDER;

  const oldUpload = OLD_UPLOAD.exec(value.split(/[?#]/)[0]);
  if (oldUpload) return bucketUrl("images", fileNameOf(oldUpload[1]));

  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith("//")) return `https:${value}`;
  if (value.startsWith("/")) return value;
  if (BARE_FILE_NAME.test(value)) return bucketUrl("images", value);
  // Any other scheme (ftp:, mailto:, custom:) or odd relative text: not an image we can show.
  return IMAGE_PLACEHOLDER;
}

/** `2023/05/kamion.jpg` → `kamion.jpg` (the migrated bucket keeps file names flat). */
function fileNameOf(path: string): string {
  const name = path.split("/").filter(Boolean).pop() ?? path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The image to show for an article: its own (resolved), else the site's default article image,
 * else null (the page then draws a neutral box).
 */
export function articleImageUrl(
  image: string | null | undefined,
  defaultImage: string | null | undefined,
): string | null {
  return resolveImageUrl(image) ?? resolveImageUrl(defaultImage);
}

function isSvgUrl(url: string): boolean {
  return /^data:image\/svg/i.test(url) || /\.svgz?$/i.test(url.split(/[?#]/)[0]);
}

/**
 * The picture for og:image / twitter:image: social networks do not show SVG, so an SVG article
 * image gives way to the default article image, and an SVG default to none (the card then shows
 * no picture rather than a broken one).
 */
export function shareImageUrl(
  image: string | null | undefined,
  defaultImage: string | null | undefined,
): string | null {
  for (const candidate of [resolveImageUrl(image), resolveImageUrl(defaultImage)]) {
    if (candidate && !isSvgUrl(candidate)) return candidate;
  }
  return null;
}

/** An absolute URL for feeds and OpenGraph: relative paths are joined to the site origin. */
export function absoluteUrl(url: string, origin: string): string {
  if (/^https?:\/\//i.test(url) || url.startsWith("data:")) return url;
  return new URL(url, origin).toString();
}
