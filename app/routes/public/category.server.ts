import { data } from "react-router";
import { resolveImageUrl } from "~/domain/articles/image-url";
import { type ArticleCategory, listPublished, PUBLIC_PAGE_SIZE } from "~/domain/articles/public.server";
import { loadPageBanners } from "~/domain/banners/placement.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import { cachedFirstPage } from "./shared-reads.server";

/**
 * The loader of /vesti and /oglasi: one page of the category's published articles, newest first.
 * The page is `?page=N`; a page past the last one is a 404 (docs/decisions/034), so a crawler
 * never indexes endless empty pages.
 */
export async function loadCategoryPage(request: Request, category: ArticleCategory) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const db = getDb();
  const bannerPage = category === "Oglasi" ? "oglasi" : "vesti";
  const [list, settings, banners] = await Promise.all([
    // The first page is the category's newest articles, kept until an article changes.
    page === 1 ? cachedFirstPage(db, category) : listPublished(db, { category, page }),
    getCachedSettings(db),
    loadPageBanners(db, bannerPage),
  ]);
  const totalPages = totalPagesOf(list.total, PUBLIC_PAGE_SIZE);
  if (page > totalPages) throw data(null, { status: 404 });
  const origin = publicOrigin(request);
  return {
    category,
    items: list.items,
    total: list.total,
    page,
    totalPages,
    pageSize: PUBLIC_PAGE_SIZE,
    defaultImage: resolveImageUrl(settings.defaultArticleImage),
    siteName: settings.siteName,
    canonicalUrl: `${origin}${url.pathname}${page > 1 ? `?page=${page}` : ""}`,
    banners,
    bannerPage,
  };
}

export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;
