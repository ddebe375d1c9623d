import type { ReactNode } from "react";
import { Link } from "react-router";
import { BannerRotation, BannerSlot, HeroBanner } from "~/components/banners/banner-slot";
import { NewestJobs } from "~/components/listings/newest-jobs";
import { ArticleCard, type ArticleCardData, ArticleRow, HeroArticle } from "~/components/public/article-card";
import { cn } from "~/components/ui/cn";
import { resolveImageUrl } from "~/domain/articles/image-url";
import { loadPageBanners } from "~/domain/banners/placement.server";
import { HOME_PHONE_ROTATION } from "~/domain/banners/rules";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { HOME_JOBS_COUNT } from "~/domain/listings/options";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { getDb } from "~/services.server";
import type { Route } from "./+types/home";
import { cachedHomeArticles, cachedLatestJobs } from "./shared-reads.server";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [settings, articles, banners, jobs] = await Promise.all([
    getCachedSettings(db),
    cachedHomeArticles(db),
    loadPageBanners(db, "home"),
    cachedLatestJobs(db, HOME_JOBS_COUNT),
  ]);
  const origin = publicOrigin(request);
  return {
    siteName: settings.siteName,
    siteDescription: settings.siteDescription,
    defaultImage: resolveImageUrl(settings.defaultArticleImage),
    canonicalUrl: `${origin}/`,
    ...articles,
    banners,
    jobs,
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.siteName ?? "Balkan Vozači"} — zajednica balkanskih vozača u Americi` },
  { name: "description", content: data?.siteDescription ?? "" },
  ...(data
    ? [
        ...canonicalLinks(data.canonicalUrl),
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: data.siteName,
          href: "/rss.xml",
        },
        { property: "og:type", content: "website" },
        { property: "og:site_name", content: data.siteName },
        { property: "og:title", content: data.siteName },
        { property: "og:description", content: data.siteDescription },
        { property: "og:url", content: data.canonicalUrl },
      ]
    : []),
];

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between gap-4 border-b-2 border-brand-600 pb-2">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {more ? (
          <Link
            to={more.to}
            className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:text-brand-900"
          >
            {more.label} →
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function CardGrid({ items, defaultImage }: { items: ArticleCardData[]; defaultImage: string | null }) {
  if (items.length === 0) return <p className="text-slate-600">Još nema objavljenih članaka.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((article) => (
        <ArticleCard key={article.id} article={article} defaultImage={defaultImage} />
      ))}
    </div>
  );
}

/**
 * The five hero articles, each with its hero banner beside it on wide screens (spec §9: home-hero
 * holds 5 banners matching the 5 hero articles). A horizontal scroll-snap strip: swipe on a phone;
 * the numbered buttons move the strip to their slide and mark the current one (the enhancement
 * script; without it they are in-page links).
 */
function Hero({
  hero,
  banners,
  defaultImage,
}: {
  hero: ArticleCardData[];
  banners: Route.ComponentProps["loaderData"]["banners"][string] | undefined;
  defaultImage: string | null;
}) {
  if (hero.length === 0) return null;
  return (
    <section aria-label="Izdvojeno" data-carousel="">
      <ol
        data-carousel-track=""
        data-scroll-x=""
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {hero.map((article, i) => (
          <li
            key={article.id}
            id={`izdvojeno-${i + 1}`}
            className={cn(
              "grid w-full shrink-0 snap-start gap-4",
              // A slide without its banner gives the article the whole width (no hole).
              banners?.[i] && "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]",
            )}
            aria-label={`${i + 1} od ${hero.length}`}
          >
            <HeroArticle article={article} defaultImage={defaultImage} priority={i === 0} />
            <HeroBanner banner={banners?.[i]} eager={i === 0} />
          </li>
        ))}
      </ol>
      {hero.length > 1 ? (
        <nav aria-label="Izdvojeni članci" data-carousel-nav="" className="mt-2 flex justify-center gap-2">
          {hero.map((article, i) => (
            <a
              key={article.id}
              href={`#izdvojeno-${i + 1}`}
              aria-current={i === 0 ? "true" : undefined}
              className="inline-flex h-8 min-w-8 items-center justify-center rounded-full border border-slate-300 bg-white text-sm font-medium text-slate-700 hover:bg-slate-50 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white"
              aria-label={`Izdvojeni članak ${i + 1}: ${article.title}`}
            >
              {i + 1}
            </a>
          ))}
        </nav>
      ) : null}
    </section>
  );
}

// Long: one flat page layout (hero, sections, newest jobs, banner slots) composed of named section components.
export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, siteDescription, defaultImage, hero, vesti, oglasi, popular, banners, jobs } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-6">
      <h1 className="sr-only">
        {siteName} — {siteDescription}
      </h1>
      {/* On a phone the first screen leads with the news: the hero comes before the top banner. */}
      <div className="flex flex-col gap-4">
        <div className="max-sm:order-2">
          <BannerSlot position="home-top" banners={banners["home-top"]} eager />
        </div>
        <Hero hero={hero} banners={banners["home-hero"]} defaultImage={defaultImage} />
      </div>
      {/*
        Below 1024 px the two columns dissolve (display: contents) and their blocks are ordered
        afresh (decision 212): a banner only between news blocks, never two in a row, at most one a
        screen — top (after the hero), first section, the hero banners in turn, and one place where
        the remaining rows take turns. Every position still shows on wide screens.
      */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-8 max-lg:contents">
          <div className="empty:hidden max-lg:order-2">
            <BannerSlot position="home-section-1" banners={banners["home-section-1"]} />
          </div>
          <div className="min-w-0 max-lg:order-1">
            <Section id="najnovije-vesti" title="Najnovije vesti" more={{ to: "/vesti", label: "Sve vesti" }}>
              <CardGrid items={vesti} defaultImage={defaultImage} />
            </Section>
          </div>
          <div className="empty:hidden max-lg:hidden">
            <BannerSlot position="home-section-2" banners={banners["home-section-2"]} />
          </div>
          <div className="empty:hidden max-lg:hidden">
            <BannerSlot position="home-middle" banners={banners["home-middle"]} />
          </div>
          <div className="min-w-0 max-lg:order-3">
            <Section
              id="najnoviji-oglasi"
              title="Najnoviji oglasi"
              more={{ to: "/oglasi", label: "Svi oglasi" }}
            >
              <CardGrid items={oglasi} defaultImage={defaultImage} />
            </Section>
          </div>
          <div className="empty:hidden lg:hidden max-lg:order-4">
            <BannerRotation positions={["home-hero"]} banners={banners} className="max-w-md" />
          </div>
          <div className="min-w-0 empty:hidden max-lg:order-5">
            <NewestJobs jobs={jobs} />
          </div>
          <div className="empty:hidden max-lg:hidden">
            <BannerSlot position="home-section-3" banners={banners["home-section-3"]} />
          </div>
        </div>
        <div className="flex flex-col gap-8 max-lg:contents">
          <div className="max-lg:order-6">
            <Section id="popularno" title="Popularno">
              {popular.length === 0 ? (
                <p className="text-slate-600">Još nema popularnih članaka.</p>
              ) : (
                <ol className="flex flex-col gap-4">
                  {popular.map((article, i) => (
                    <li key={article.id}>
                      <ArticleRow article={article} defaultImage={defaultImage} rank={i + 1} />
                    </li>
                  ))}
                </ol>
              )}
            </Section>
          </div>
          <div className="empty:hidden max-lg:hidden">
            <BannerSlot position="home-sidebar" banners={banners["home-sidebar"]} />
          </div>
        </div>
        <div className="empty:hidden lg:hidden max-lg:order-7">
          <BannerRotation positions={HOME_PHONE_ROTATION} banners={banners} />
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-8 empty:hidden max-lg:hidden">
        <BannerSlot position="home-section-4" banners={banners["home-section-4"]} />
        <BannerSlot position="home-bottom" banners={banners["home-bottom"]} />
      </div>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
