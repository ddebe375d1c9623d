import { BrandName } from "~/components/brand-name";
import { cn } from "~/components/ui/cn";
import type { PublicBanner } from "~/domain/banners/public-banner";
import { isThreeInRow, positionKind, positionLabel } from "~/domain/banners/rules";

/** Each banner place is a landmark of its own, named by its place on the page (axe: landmark-unique). */
const regionName = (position: string) => `Reklame: ${positionLabel(position).toLowerCase()}`;

/** Columns of a three-in-a-row position by how many banners it has: a missing one leaves no hole. */
const ROW_COLUMNS: Record<number, string> = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" };

/**
 * One banner: a plain link to /b/{id} (the click is recorded with no JavaScript) around its image
 * (named by its alt text, "… – reklama"), or, with no image, a text banner in its background colour
 * (named by the words it shows, then "– reklama") — of one fixed height, so banners
 * that take turns in one place never move the page.
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
          className="flex h-24 flex-col items-center justify-center gap-1 overflow-hidden px-4 text-center text-white"
          style={{ backgroundColor: banner.backgroundColor ?? "#1e3a8a" }}
        >
          {banner.company ? (
            <span className="line-clamp-1 text-sm font-semibold uppercase tracking-wide">
              <BrandName name={banner.company} />
            </span>
          ) : null}
          <span className="line-clamp-2 text-base font-medium leading-snug">
            {banner.message ?? banner.title}
          </span>
          {/* The link's name is what it shows, then what it is (WCAG 2.5.3: the visible words first). */}
          <span className="sr-only"> – reklama</span>
        </span>
      )}
    </a>
  );
}

/**
 * The banners of one position (decision 212). Renders nothing when empty. A three-in-a-row
 * position is a row of as many columns as it has banners (left, middle, right in order; a
 * switched-off one leaves no hole); on a phone it shows ONE of them, a different one on each page
 * view (`data-rotate`: the first until the enhancement script picks one at random — they have the
 * same shape, so nothing moves). A sidebar is stacked on wide screens; below 1024 px it shows only
 * its upper banner (`phoneSidebar`) or nothing, so two banners never follow each other on a phone.
 * `className` places the position (page order, the widths it shows at).
 */
export function BannerSlot({
  position,
  banners,
  eager,
  phoneSidebar = false,
  className,
}: {
  position: string;
  banners: PublicBanner[] | undefined;
  eager?: boolean;
  phoneSidebar?: boolean;
  className?: string;
}) {
  if (!banners || banners.length === 0) return null;
  if (isThreeInRow(position)) {
    return (
      <aside
        aria-label={regionName(position)}
        data-banner-position={position}
        data-rotate=""
        className={cn("grid gap-3", ROW_COLUMNS[Math.min(banners.length, 3)], className)}
      >
        {banners.map((banner, i) => (
          <BannerLink key={banner.id} banner={banner} eager={eager} rotateItem active={i === 0} />
        ))}
      </aside>
    );
  }
  if (positionKind(position) === "sidebar") {
    return (
      <aside
        aria-label={regionName(position)}
        data-banner-position={position}
        className={cn(
          "mx-auto w-full max-w-[300px] flex-col gap-4 lg:flex lg:max-w-none",
          phoneSidebar ? "flex" : "hidden",
          className,
        )}
      >
        {banners.map((banner, i) => (
          <BannerLink
            key={banner.id}
            banner={banner}
            eager={eager}
            className={i > 0 ? "max-lg:hidden" : undefined}
          />
        ))}
      </aside>
    );
  }
  return (
    <aside
      aria-label={regionName(position)}
      data-banner-position={position}
      className={cn("flex flex-col gap-3", className)}
    >
      {banners.map((banner) => (
        <BannerLink key={banner.id} banner={banner} eager={eager} />
      ))}
    </aside>
  );
}

/**
 * The hero banner beside one hero article (home-hero, one per article, in order). Beside the
 * article on wide screens only: on phones and tablets the hero position is shown once, further down
 * (`BannerRotation`), so the first screen leads with the news.
 */
export function HeroBanner({ banner, eager }: { banner: PublicBanner | undefined; eager?: boolean }) {
  if (!banner) return null;
  return (
    <div data-banner-position="home-hero" className="hidden lg:block">
      <BannerLink banner={banner} eager={eager} />
    </div>
  );
}

/**
 * One place on a phone or tablet (below 1024 px) where the banners of several positions take
 * turns: one of them per page view (decision 212). Give it banners of one shape only (all wide, or
 * all hero), so the one picked never moves the page.
 */
export function BannerRotation({
  positions,
  banners,
  className,
}: {
  positions: readonly string[];
  banners: Record<string, PublicBanner[] | undefined>;
  className?: string;
}) {
  const all = positions.flatMap((position) => banners[position] ?? []);
  if (all.length === 0) return null;
  return (
    <aside
      aria-label={positions.length === 1 ? regionName(positions[0]) : "Reklame: naizmenično"}
      data-banner-position={positions.join(" ")}
      data-rotate=""
      data-rotate-all=""
      className={cn("mx-auto w-full lg:hidden", className)}
    >
      {all.map((banner, i) => (
        <BannerLink key={banner.id} banner={banner} rotateItem active={i === 0} />
      ))}
    </aside>
  );
}
