import { useEffect, useRef, useState } from "react";
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
 * load error swaps once to the default article image (spec §8) — never twice, so a broken default
 * cannot loop. Without JavaScript a broken image simply stays broken.
 */
export function ArticleImage({
  src,
  fallback,
  alt,
  priority = false,
  sizes = "100vw",
  className,
}: ArticleImageProps) {
  const initial = src ?? fallback;
  const [current, setCurrent] = useState(initial);
  const [fellBack, setFellBack] = useState(src === null);
  const ref = useRef<HTMLImageElement>(null);

  // A new article in the same component (client navigation) starts over.
  useEffect(() => {
    setCurrent(src ?? fallback);
    setFellBack(src === null);
  }, [src, fallback]);

  const fallBack = () => {
    if (fellBack || !fallback || fallback === current) return;
    setFellBack(true);
    setCurrent(fallback);
  };

  // The image may have failed before React hydrated (the error event is then lost): check once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once after hydration on purpose
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.currentSrc !== "" && img.naturalWidth === 0) fallBack();
  }, []);

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
      ref={ref}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width ?? ARTICLE_IMAGE_WIDTH}
      height={image.height ?? ARTICLE_IMAGE_HEIGHT}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={fallBack}
      className={cn("aspect-video w-full bg-slate-200 object-cover", className)}
    />
  );
}
