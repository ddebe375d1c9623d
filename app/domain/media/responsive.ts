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

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/g;
const SRC_ATTRIBUTE = /\ssrc="([^"]*)"/;

/**
 * The images of a sanitised article body as the page serves them: each loads lazily and, when it
 * is one of our uploads, from its WebP variants with a srcset (the same variants as a featured
 * image), its intrinsic size given so the box is reserved. Other images keep their URL.
 * `html` is the sanitiser's output (double-quoted attributes, no srcset of its own).
 */
export function responsiveImagesInHtml(html: string, sizes: string): string {
  if (!html.includes("<img")) return html;
  return html.replace(IMG_TAG, (_tag, attributes: string) => {
    let rest = attributes;
    const src = SRC_ATTRIBUTE.exec(rest)?.[1];
    const image = src ? responsiveImage(src.replaceAll("&amp;", "&")) : null;
    const added: string[] = [];
    if (image?.srcSet && src) {
      rest = rest.replace(SRC_ATTRIBUTE, ` src="${image.src}"`);
      added.push(`srcset="${image.srcSet}"`, `sizes="${sizes}"`);
      if (!/\swidth="/.test(rest) && image.width) added.push(`width="${image.width}"`);
      if (!/\sheight="/.test(rest) && image.height) added.push(`height="${image.height}"`);
    }
    if (!/\sloading="/.test(rest)) added.push('loading="lazy"');
    added.push('decoding="async"');
    return `<img${rest} ${added.join(" ")}/>`;
  });
}
