import { parseMediaKey, variantKey, variantWidths } from "./rules";

export type ResponsiveImage = { src: string; srcSet?: string; width?: number; height?: number };

const OWN_MEDIA = /^\/media\/(images|mediji)\/([^?#]+)$/;

/**
 * For one of OUR uploaded raster images (`/media/{bucket}/{ms}_{W}x{H}-{name}`), the WebP variants
 * as a srcset plus the intrinsic size; any other URL comes back unchanged as `src`. No database
 * round-trip: the original size is part of the key, and the variant widths follow from it.
 *   <img {...responsiveImage(url)} sizes="(min-width: 768px) 50vw, 100vw" alt="" />
 */
export function responsiveImage(url: string): ResponsiveImage {
  const m = OWN_MEDIA.exec(url);
  if (!m) return { src: url };
  const [, bucket, key] = m;
  if (key.includes("/")) return { src: url };
  const parsed = parseMediaKey(key);
  if (!parsed?.width || !parsed.height) return { src: url };
  const widths = variantWidths(parsed.width);
  if (widths.length === 0) return { src: url, width: parsed.width, height: parsed.height };
  const urlFor = (w: number) => `/media/${bucket}/${variantKey(key, w)}`;
  const srcSet = widths.map((w) => `${urlFor(w)} ${w}w`).join(", ");
  const fallback = widths.filter((w) => w <= 800).pop() ?? widths[0];
  return { src: urlFor(fallback), srcSet, width: parsed.width, height: parsed.height };
}

/** The smallest WebP variant of one of our raster images (for thumbnails), else the URL itself. */
export function thumbnailUrl(url: string): string {
  const image = responsiveImage(url);
  if (!image.srcSet) return url;
  return image.srcSet.split(", ")[0].split(" ")[0];
}
