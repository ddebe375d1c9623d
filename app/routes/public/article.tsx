import { data, Link, redirect } from "react-router";
import { BannerSlot } from "~/components/banners/banner-slot";
import { ArticleCard } from "~/components/public/article-card";
import { ArticleImage } from "~/components/public/article-image";
import { ARTICLE_PROSE_CLASS } from "~/components/public/article-prose";
import type { SectionHandle } from "~/components/public/site-sections";
import { cn } from "~/components/ui/cn";
import { absoluteUrl, articleImageUrl, resolveImageUrl, shareImageUrl } from "~/domain/articles/image-url";
import { getPublishedArticle, type PublicArticle, relatedArticles } from "~/domain/articles/public.server";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { articleParam, articlePath, parseArticleParam } from "~/domain/articles/slug";
import { loadPageBanners } from "~/domain/banners/placement.server";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { getSettings } from "~/domain/settings/settings.server";
import { formatLongDate } from "~/lib/dates";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { publicOrigin } from "~/lib/public-origin.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article";

/**
 * `/article/{id}` and `/article/{slug}-{id}`: one published article. Any other form of the URL
 * (a bare id, an old slug) answers 301 with the canonical `/article/{slug}-{id}`; a draft or a
 * missing id is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseArticleParam(params.param);
  if (id === null) throw data(null, { status: 404 });
  const db = getDb();
  const article = await getPublishedArticle(db, id);
  if (!article) throw data(null, { status: 404 });
  // Other forms of the URL move to the canonical one, keeping the query (campaign tags and the like).
  if (params.param !== articleParam(article)) {
    throw redirect(`${articlePath(article)}${new URL(request.url).search}`, 301);
  }

  const page = article.category === "Oglasi" ? "oglasi" : "vesti";
  const [settings, related, banners] = await Promise.all([
    getSettings(db),
    relatedArticles(db, article),
    loadPageBanners(db, page),
  ]);
  const origin = publicOrigin(request);
  const defaultImage = resolveImageUrl(settings.defaultArticleImage);
  return {
    article: { ...article, content: withLazyImages(sanitizeArticleHtml(article.content)) },
    canonicalUrl: `${origin}${articlePath(article)}`,
    imageUrl: (() => {
      const url = shareImageUrl(article.featuredImage, settings.defaultArticleImage);
      return url ? absoluteUrl(url, origin) : null;
    })(),
    siteName: settings.siteName,
    logoUrl: `${origin}/favicon.svg`,
    defaultImage,
    related,
    sidebarPosition: `${page}-sidebar`,
    sidebarBanners: banners[`${page}-sidebar`] ?? [],
  };
}

/** Images inside the (already sanitised) article body load lazily. */
function withLazyImages(html: string): string {
  return html.replace(/<img(?![^>]*\sloading=)/g, '<img loading="lazy" decoding="async"');
}

/** The header marks the article's category (Vesti or Oglasi) as the current section. */
export const handle: SectionHandle = {
  section: (data) =>
    (data as { article?: { category?: string } } | undefined)?.article?.category === "Oglasi"
      ? "/oglasi"
      : "/vesti",
};

export function headers() {
  // Views are counted by a beacon (domain/articles/view-counter.server.ts), so the page is cacheable.
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "Stranica nije pronađena — Balkan Vozači" }];
  const { article, canonicalUrl, imageUrl, siteName } = d;
  const title = article.metaTitle?.trim() || article.title;
  const description = article.metaDescription?.trim() || article.excerpt;
  const tags = [
    { title: `${title} — ${siteName}` },
    { name: "description", content: description },
    ...canonicalLinks(canonicalUrl),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "sr_RS" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { property: "article:published_time", content: new Date(article.publishedDate).toISOString() },
    { property: "article:modified_time", content: new Date(article.updatedAt).toISOString() },
    { property: "article:section", content: article.category },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (imageUrl) {
    tags.push({ property: "og:image", content: imageUrl }, { name: "twitter:image", content: imageUrl });
  }
  for (const tag of article.tags) tags.push({ property: "article:tag", content: tag });
  return tags;
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

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
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
      <nav aria-label="Putanja" className="text-sm text-slate-500">
        <Link to="/" className="hover:text-slate-800">
          Početna
        </Link>{" "}
        /{" "}
        <Link to={listPath} className="hover:text-slate-800">
          {article.category}
        </Link>
      </nav>
      <div
        className={cn("mt-4 grid gap-8", sidebarBanners.length > 0 && "lg:grid-cols-[minmax(0,1fr)_300px]")}
      >
        <article className="min-w-0" data-view-id={article.id}>
          <header>
            <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-4xl">{article.title}</h1>
            <p className="mt-3 text-sm text-slate-600">
              {article.author ? <span className="font-medium text-slate-800">{article.author}</span> : null}
              {article.author ? " · " : null}
              <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
            </p>
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
              {article.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700">
                  {tag}
                </li>
              ))}
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

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
