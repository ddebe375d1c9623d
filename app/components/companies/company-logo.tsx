import { cn } from "~/components/ui/cn";

/**
 * A company's logo, or the site's default company image; a logo that fails to load falls back once
 * (`data-fallback`, handled by the public enhancement script, app/public-client/enhance.ts).
 */
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
  const src = logo || fallback;
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
      data-fallback={logo && fallback && fallback !== logo ? fallback : undefined}
    />
  );
}
