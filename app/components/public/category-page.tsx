import { BannerSlot } from "~/components/banners/banner-slot";
import { Pagination } from "~/components/pagination";
import type { PublicBanner } from "~/domain/banners/public-banner";
import { ArticleCard, type ArticleCardData } from "./article-card";

const INTRO: Record<string, string> = {
  Vesti: "Najnovije vesti za balkanske vozače u Americi: propisi, putevi, gorivo, kompanije i zajednica.",
  Oglasi: "Oglasi za posao, opremu i usluge za vozače i prevoznike.",
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
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
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
        <aside aria-label="Bočna traka" className="flex flex-col gap-6">
          <BannerSlot position={`${bannerPage}-sidebar`} banners={banners[`${bannerPage}-sidebar`]} />
        </aside>
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
      { tagName: "link", rel: "canonical", href: data.canonicalUrl },
      { property: "og:type", content: "website" },
      { property: "og:title", content: `${category} — ${data.siteName}` },
      { property: "og:url", content: data.canonicalUrl },
    ];
  };
}
