import { useState } from "react";
import { cn } from "~/components/ui/cn";

/**
 * An article's image in a list: on a load error it falls back once to the default article image
 * (spec §8), then to an empty box.
 */
export function ArticleThumb({
  src,
  fallback,
  className,
}: {
  src: string | null;
  fallback: string | null;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const current = attempt === 0 ? src || fallback : attempt === 1 && src ? fallback : null;
  const box = cn("size-14 shrink-0 rounded-lg bg-slate-100 object-cover", className);
  if (!current) return <div aria-hidden className={box} />;
  return (
    <img
      src={current}
      alt=""
      loading="lazy"
      decoding="async"
      width={56}
      height={56}
      className={box}
      onError={() => setAttempt((n) => n + 1)}
    />
  );
}
