import { cn } from "~/components/ui/cn";
import type { PublicBanner } from "~/domain/banners/public-banner";
import { isThreeInRow, positionKind } from "~/domain/banners/rules";

const COLUMN: Record<NonNullable<PublicBanner["slot"]>, string> = {
  left: "sm:col-start-1",
  middle: "sm:col-start-2",
  right: "sm:col-start-3",
};

/**
 * One banner: a plain link to /b/{id} (the click is recorded with no JavaScript) around its image,
 * or, with no image, a text banner in its background colour.
 */
function BannerLink({
  banner,
  eager,
  className,
}: {
  banner: PublicBanner;
  eager?: boolean;
  className?: string;
}) {
  return (
    <a
      href={banner.href}
      rel="sponsored noopener"
      data-banner-id={banner.id}
      aria-label={banner.alt}
      className={cn(
        "block overflow-hidden rounded-lg ring-1 ring-slate-200 transition hover:opacity-95 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        className,
      )}
    >
      {banner.imageUrl ? (
        <img
          src={banner.imageUrl}
          alt={banner.alt}
          width={banner.width}
          height={banner.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="block h-auto w-full"
        />
      ) : (
        <span
          className="flex min-h-20 flex-col items-center justify-center gap-1 px-4 py-4 text-center text-white"
          style={{ backgroundColor: banner.backgroundColor ?? "#1e3a8a" }}
        >
          {banner.company ? (
            <span className="text-sm font-semibold uppercase tracking-wide">{banner.company}</span>
          ) : null}
          <span className="text-base font-medium">{banner.message ?? banner.title}</span>
        </span>
      )}
    </a>
  );
}

/**
 * The banners of one position. Renders nothing when empty; three-in-a-row positions as a
 * left/middle/right row (stacked on phones), sidebars stacked, anything else full width.
 */
export function BannerSlot({
  position,
  banners,
  eager,
}: {
  position: string;
  banners: PublicBanner[] | undefined;
  eager?: boolean;
}) {
  if (!banners || banners.length === 0) return null;
  if (isThreeInRow(position)) {
    return (
      <aside aria-label="Reklame" data-banner-position={position} className="grid gap-3 sm:grid-cols-3">
        {banners.map((banner) => (
          <BannerLink
            key={banner.id}
            banner={banner}
            eager={eager}
            className={banner.slot ? cn(COLUMN[banner.slot], "sm:row-start-1") : undefined}
          />
        ))}
      </aside>
    );
  }
  if (positionKind(position) === "sidebar") {
    return (
      <aside aria-label="Reklame" data-banner-position={position} className="flex flex-col gap-4">
        {banners.map((banner) => (
          <BannerLink key={banner.id} banner={banner} eager={eager} />
        ))}
      </aside>
    );
  }
  return (
    <aside aria-label="Reklame" data-banner-position={position} className="flex flex-col gap-3">
      {banners.map((banner) => (
        <BannerLink key={banner.id} banner={banner} eager={eager} />
      ))}
    </aside>
  );
}

/** The hero banner beside one hero article (home-hero, one per article, in order). */
export function HeroBanner({ banner, eager }: { banner: PublicBanner | undefined; eager?: boolean }) {
  if (!banner) return null;
  return (
    <div data-banner-position="home-hero">
      <BannerLink banner={banner} eager={eager} />
    </div>
  );
}
