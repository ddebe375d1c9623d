import type { ReactNode } from "react";
import { Link } from "react-router";
import { BannerSlot } from "~/components/banners/banner-slot";
import { Pagination } from "~/components/pagination";
import { cn } from "~/components/ui/cn";
import type { PublicBanner } from "~/domain/banners/public-banner";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { ArticleCard, type ArticleCardData } from "./article-card";

const INTRO: Record<string, ReactNode> = {
  Vesti: "Najnovije vesti za balkanske vozače u Americi: propisi, putevi, gorivo, kompanije i zajednica.",
  // Not the visitors' buy/sell: one line says so and points there (a driver selling a truck).
  Oglasi: (
    <>
      Oglasi firmi i redakcije: posao, oprema, usluge — svoj kamion ili deo prodajete u{" "}
      <Link to="/kupoprodaja" className="font-medium text-brand-700 underline hover:text-brand-900">
        Kupoprodaji
      </Link>
      .
    </>
  ),
};

/** The /vesti, /oglasi and /tag/{slug} page: a paged grid of article cards with the banners. */
export function CategoryPage({
  category,
  items,
  page,
  totalPages,
  defaultImage,
  banners,
  bannerPage,
  intro,
}: {
  /** The heading: a category, or a tag page's title. */
  category: string;
  items: ArticleCardData[];
  page: number;
  totalPages: number;
  defaultImage: string | null;
  banners: Record<string, PublicBanner[]>;
  bannerPage: string;
  /** The line under the heading (each category has its own). */
  intro?: string;
}) {
  // No sidebar banner: the cards take the whole width (no empty column).
  const hasSidebar = (banners[`${bannerPage}-sidebar`]?.length ?? 0) > 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <BannerSlot position={`${bannerPage}-top`} banners={banners[`${bannerPage}-top`]} eager />
      <header className="mt-6">
        <h1 className="text-3xl font-bold text-slate-900">{category}</h1>
        <p className="mt-1 text-slate-600">
          {intro ?? INTRO[category]}
          {page > 1 ? ` Strana ${page} od ${totalPages}.` : null}
        </p>
      </header>
      <div className={cn("mt-6 grid gap-8", hasSidebar && "lg:grid-cols-[minmax(0,1fr)_300px]")}>
        <div className="min-w-0">
          {items.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
              Još nema objavljenih članaka u ovoj kategoriji.
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((article, i) => (
                <ArticleCard
                  key={article.id}
                  article={article}
                  defaultImage={defaultImage}
                  headingLevel={2}
                  priority={i === 0}
                />
              ))}
            </div>
          )}
          <div className="mt-8 flex justify-center">
            <Pagination page={page} totalPages={totalPages} label={`${category} — stranice`} />
          </div>
        </div>
        {hasSidebar ? (
          <div className="flex flex-col gap-6 max-lg:hidden">
            <BannerSlot position={`${bannerPage}-sidebar`} banners={banners[`${bannerPage}-sidebar`]} />
          </div>
        ) : null}
      </div>
      <div className="mt-10">
        <BannerSlot position={`${bannerPage}-bottom`} banners={banners[`${bannerPage}-bottom`]} />
      </div>
    </div>
  );
}

/** The head of `/vesti` and `/oglasi`: title with the page number, description, canonical link. */
export function categoryMeta(category: "Vesti" | "Oglasi") {
  return ({ data }: { data?: { page: number; siteName: string; canonicalUrl: string } }) => {
    if (!data) return [{ title: "Stranica nije pronađena — Balkan Vozači" }];
    const suffix = data.page > 1 ? ` — strana ${data.page}` : "";
    return [
      { title: `${category}${suffix} — ${data.siteName}` },
      { name: "description", content: `${category}: najnoviji članci za balkanske vozače u Americi.` },
      ...canonicalLinks(data.canonicalUrl),
      { property: "og:type", content: "website" },
      { property: "og:title", content: `${category} — ${data.siteName}` },
      { property: "og:url", content: data.canonicalUrl },
    ];
  };
}
