import { cn } from "~/components/ui/cn";
import { responsiveImage } from "~/domain/media/responsive";

/** Every article image box is 16:9 unless the stored file says otherwise (no layout shift). */
export const ARTICLE_IMAGE_WIDTH = 1200;
export const ARTICLE_IMAGE_HEIGHT = 675;

export type ArticleImageProps = {
  /** The resolved image URL (see `resolveImageUrl`), or null for none. */
  src: string | null;
  /** The site's default article image (resolved): shown instead, once, when `src` fails to load. */
  fallback: string | null;
  alt: string;
  /** Above the fold (the first hero, the article's own image): load eagerly, with high priority. */
  priority?: boolean;
  /** The `sizes` attribute for the WebP srcset of an uploaded image. */
  sizes?: string;
  className?: string;
};

/**
 * An article's picture. Always has width and height (the box is reserved before the image
 * arrives), loads lazily below the fold (native `loading="lazy"`, see docs/decisions/031), and on a
 * load error swaps once to the default article image (spec §8): the public enhancement script
 * (app/public-client/enhance.ts) reads `data-fallback` — never twice, so a broken default cannot
 * loop. Without JavaScript a broken image simply stays broken.
 */
export function ArticleImage({
  src,
  fallback,
  alt,
  priority = false,
  sizes = "100vw",
  className,
}: ArticleImageProps) {
  const current = src ?? fallback;
  if (!current) {
    return (
      <div
        className={cn("aspect-video w-full bg-gradient-to-br from-slate-200 to-slate-300", className)}
        role="img"
        aria-label={alt}
      />
    );
  }
  // Our uploads come with WebP variants and their intrinsic size; other URLs get the 16:9 box.
  const image = responsiveImage(current);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width ?? ARTICLE_IMAGE_WIDTH}
      height={image.height ?? ARTICLE_IMAGE_HEIGHT}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      data-fallback={src && fallback && fallback !== src ? fallback : undefined}
      className={cn("aspect-video w-full bg-slate-200 object-cover", className)}
    />
  );
}
