import { data, redirect } from "react-router";
import { ArticlePage } from "~/components/public/article-page";
import type { SectionHandle } from "~/components/public/site-sections";
import { getPublishedArticle } from "~/domain/articles/public.server";
import { articleParam, articlePath, parseArticleParam } from "~/domain/articles/slug";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article";
import { articlePageData } from "./article-page.server";

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
  return articlePageData(db, request, article);
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

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  return <ArticlePage loaderData={loaderData} offlineSave />;
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
