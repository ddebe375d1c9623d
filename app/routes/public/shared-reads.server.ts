/**
 * What many public pages show the same way, read once and kept until a write changes it
 * (app/lib/content-cache.server.ts, docs/decisions/281): the home page's article lists, the newest
 * articles of each category (the first page of /vesti and /oglasi, and "more from the category" on
 * every article), a category's total, the newest jobs. The settings row and the banners have
 * caches of their own (getCachedSettings, getCachedBanners) on the same signal. The domain's
 * queries stay uncached (a test or a job that writes and reads at once sees its write); the public
 * routes read through here.
 */
import type { DbOrTx } from "~/db/client.server";
import {
  type ArticleCategory,
  countInCategory,
  type HomeArticles,
  homeArticles,
  newestInCategory,
  PUBLIC_PAGE_SIZE,
  type PublicArticleCard,
  type PublicPage,
} from "~/domain/articles/public.server";
import { type LatestJob, latestApprovedJobs } from "~/domain/listings/listings.server";
import { contentCached } from "~/lib/content-cache.server";

/** The newest PUBLIC_PAGE_SIZE public articles of a category. */
export function cachedNewest(db: DbOrTx, category: ArticleCategory): Promise<PublicArticleCard[]> {
  return contentCached(db, `articles:newest:${category}`, ["articles"], () =>
    newestInCategory(db, category, PUBLIC_PAGE_SIZE),
  );
}

/** A category's number of public articles. */
export function cachedCategoryTotal(db: DbOrTx, category: ArticleCategory): Promise<number> {
  return contentCached(db, `articles:total:${category}`, ["articles"], () => countInCategory(db, category));
}

/** The first page of a category (its newest articles) and its total. */
export async function cachedFirstPage(db: DbOrTx, category: ArticleCategory): Promise<PublicPage> {
  const [items, total] = await Promise.all([cachedNewest(db, category), cachedCategoryTotal(db, category)]);
  return { items, total };
}

/** More from the article's category: its newest articles but this one (at most PUBLIC_PAGE_SIZE − 1). */
export async function cachedRelated(
  db: DbOrTx,
  article: { id: number; category: ArticleCategory },
  limit = 3,
): Promise<PublicArticleCard[]> {
  const newest = await cachedNewest(db, article.category);
  return newest.filter((a) => a.id !== article.id).slice(0, Math.min(limit, PUBLIC_PAGE_SIZE - 1));
}

/** The home page's hero, newest Vesti and Oglasi, and popular articles. */
export function cachedHomeArticles(db: DbOrTx): Promise<HomeArticles> {
  return contentCached(db, "articles:home", ["articles"], () => homeArticles(db));
}

/** The newest approved jobs (the home page's list). */
export function cachedLatestJobs(db: DbOrTx, limit: number): Promise<LatestJob[]> {
  return contentCached(db, `listings:latest-jobs:${limit}`, ["listings"], () =>
    latestApprovedJobs(db, limit),
  );
}
