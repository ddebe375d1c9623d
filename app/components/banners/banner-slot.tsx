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
  rotateItem,
  active,
}: {
  banner: PublicBanner;
  eager?: boolean;
  className?: string;
  /** One of the banners a phone rotates through (see BannerSlot). */
  rotateItem?: boolean;
  active?: boolean;
}) {
  return (
    <a
      href={banner.href}
      rel="sponsored noopener"
      data-banner-id={banner.id}
      data-rotate-item={rotateItem ? "" : undefined}
      data-active={rotateItem && active ? "" : undefined}
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
 * The banners of one position. Renders nothing when empty. A three-in-a-row position is a
 * left/middle/right row; on a phone it shows ONE of its banners, a different one on each page view
 * (`data-rotate`: the first until the enhancement script picks one at random — all three have the
 * same shape, so nothing moves). Sidebars are stacked, at most 300 px wide on a phone (a skyscraper
 * must not fill a phone screen twice over); anything else is full width.
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
      <aside
        aria-label="Reklame"
        data-banner-position={position}
        data-rotate=""
        className="grid gap-3 sm:grid-cols-3"
      >
        {banners.map((banner, i) => (
          <BannerLink
            key={banner.id}
            banner={banner}
            eager={eager}
            rotateItem
            active={i === 0}
            className={banner.slot ? cn(COLUMN[banner.slot], "sm:row-start-1") : undefined}
          />
        ))}
      </aside>
    );
  }
  if (positionKind(position) === "sidebar") {
    return (
      <aside
        aria-label="Reklame"
        data-banner-position={position}
        className="mx-auto flex w-full max-w-[300px] flex-col gap-4 lg:max-w-none"
      >
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

/**
 * The hero banner beside one hero article (home-hero, one per article, in order). Beside the
 * article on wide screens only: on phones and tablets the hero position is shown once, below the
 * first news (`HeroBannersCompact`), so the first screen leads with the news.
 */
export function HeroBanner({ banner, eager }: { banner: PublicBanner | undefined; eager?: boolean }) {
  if (!banner) return null;
  return (
    <div data-banner-position="home-hero" className="hidden lg:block">
      <BannerLink banner={banner} eager={eager} />
    </div>
  );
}

/** The home-hero position on narrow screens: one of its banners, rotating per page view. */
export function HeroBannersCompact({ banners }: { banners: PublicBanner[] | undefined }) {
  if (!banners || banners.length === 0) return null;
  return (
    <aside
      aria-label="Reklame"
      data-banner-position="home-hero"
      data-rotate=""
      data-rotate-all=""
      className="mx-auto w-full max-w-md lg:hidden"
    >
      {banners.map((banner, i) => (
        <BannerLink key={banner.id} banner={banner} rotateItem active={i === 0} />
      ))}
    </aside>
  );
}
