import { useState } from "react";
import { cn } from "~/components/ui/cn";

/** A company's logo, or the site's default company image; a logo that fails to load falls back once. */
export function CompanyLogo({
  logo,
  fallback,
  name,
  className,
  eager,
}: {
  logo: string | null;
  fallback: string | null;
  name: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const src = !failed && logo ? logo : fallback;
  if (!src) {
    return (
      <div
        aria-hidden
        className={cn("flex items-center justify-center bg-brand-50 font-bold text-brand-700", className)}
      >
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={`Logo: ${name}`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("bg-white object-contain", className)}
      onError={() => {
        if (!failed && logo) setFailed(true);
      }}
    />
  );
}
