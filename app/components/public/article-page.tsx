/**
 * The public article page's body: shared by /article/{slug}-{id} and the shareable preview of an
 * unpublished article (decision 194).
 */
import { Link } from "react-router";
import { BannerSlot } from "~/components/banners/banner-slot";
import { ArticleCard } from "~/components/public/article-card";
import { ArticleImage } from "~/components/public/article-image";
import { ARTICLE_PROSE_CLASS } from "~/components/public/article-prose";
import { Breadcrumbs } from "~/components/public/breadcrumbs";
import { OfflineSaveButton } from "~/components/public/offline-save";
import { cn } from "~/components/ui/cn";
import { articleImageUrl } from "~/domain/articles/image-url";
import type { PublicArticle, PublicArticleCard } from "~/domain/articles/public.server";
import { tagPath } from "~/domain/articles/slug";
import type { PublicBanner } from "~/domain/banners/public-banner";
import { formatLongDate } from "~/lib/dates";

type DateLike = Date | string;
export type ArticlePageData = {
  article: Omit<PublicArticle, "publishedDate" | "updatedAt"> & {
    publishedDate: DateLike;
    updatedAt: DateLike;
  };
  canonicalUrl: string;
  imageUrl: string | null;
  siteName: string;
  logoUrl: string;
  defaultImage: string | null;
  related: (Omit<PublicArticleCard, "publishedDate"> & { publishedDate: DateLike })[];
  sidebarPosition: string;
  sidebarBanners: PublicBanner[];
};

/** Schema.org NewsArticle. `<` is escaped so the JSON can never close its script element. */
function newsArticleJsonLd(
  article: Pick<PublicArticle, "title" | "excerpt" | "author" | "category" | "tags"> & {
    publishedDate: Date | string;
    updatedAt: Date | string;
  },
  {
    canonicalUrl,
    imageUrl,
    siteName,
    logoUrl,
  }: { canonicalUrl: string; imageUrl: string | null; siteName: string; logoUrl: string },
): string {
  const json = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title.slice(0, 110),
    description: article.excerpt,
    image: imageUrl ? [imageUrl] : undefined,
    datePublished: new Date(article.publishedDate).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: article.author ? [{ "@type": "Person", name: article.author }] : undefined,
    publisher: { "@type": "Organization", name: siteName, logo: { "@type": "ImageObject", url: logoUrl } },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
    articleSection: article.category,
    keywords: article.tags.length > 0 ? article.tags.join(", ") : undefined,
    inLanguage: "sr-Latn",
  };
  return JSON.stringify(json)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// Long: one flat article layout (breadcrumb, header, image, body, banner, related articles, JSON-LD).
export function ArticlePage({
  loaderData,
  offlineSave = false,
}: {
  loaderData: ArticlePageData;
  /** "Sačuvaj za čitanje bez mreže": on the public article, never on a signed preview. */
  offlineSave?: boolean;
}) {
  const { article, defaultImage, related, sidebarBanners, sidebarPosition } = loaderData;
  const listPath = article.category === "Oglasi" ? "/oglasi" : "/vesti";
  const published = new Date(article.publishedDate);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, built from our data
        dangerouslySetInnerHTML={{ __html: newsArticleJsonLd(article, loaderData) }}
      />
      <Breadcrumbs
        steps={[
          { label: "Početna", to: "/" },
          { label: article.category, to: listPath },
        ]}
      />
      <div
        className={cn("mt-4 grid gap-8", sidebarBanners.length > 0 && "lg:grid-cols-[minmax(0,1fr)_300px]")}
      >
        <article className="min-w-0" data-view-id={article.id}>
          <header>
            <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-4xl">{article.title}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="text-sm text-slate-600">
                {article.author ? <span className="font-medium text-slate-800">{article.author}</span> : null}
                {article.author ? " · " : null}
                <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
              </p>
              {offlineSave ? <OfflineSaveButton /> : null}
            </div>
          </header>
          <div className="mt-6 overflow-hidden rounded-xl">
            <ArticleImage
              src={articleImageUrl(article.featuredImage, null)}
              fallback={defaultImage}
              alt={article.title}
              priority
              sizes="(min-width: 1024px) 800px, 100vw"
            />
          </div>
          <div
            className={`${ARTICLE_PROSE_CLASS} mt-6`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeArticleHtml in the loader
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
          {article.tags.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-2" aria-label="Oznake">
              {article.tags.map((tag, i) => {
                const slug = article.tagSlugs[i];
                return (
                  <li key={tag}>
                    {slug ? (
                      <Link
                        to={tagPath(slug)}
                        className="inline-block rounded-full bg-slate-100 px-3 py-1.5 text-xs text-slate-700 hover:bg-slate-200 hover:text-slate-900"
                      >
                        {tag}
                      </Link>
                    ) : (
                      <span className="inline-block rounded-full bg-slate-100 px-3 py-1.5 text-xs text-slate-700">
                        {tag}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </article>
        {sidebarBanners.length > 0 ? (
          <div className="flex flex-col gap-6">
            <BannerSlot position={sidebarPosition} banners={sidebarBanners} phoneSidebar />
          </div>
        ) : null}
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="jos" className="mt-12">
          <h2 id="jos" className="text-xl font-bold text-slate-900">
            Još iz kategorije {article.category}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((a) => (
              <ArticleCard key={a.id} article={a} defaultImage={defaultImage} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
