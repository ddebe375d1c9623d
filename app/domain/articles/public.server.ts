import { and, count, eq, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articles } from "~/db/schema";
import { articleIsPublic } from "./visibility.server";

/**
 * The public site's article queries. Only public articles (`articleIsPublic`: published, never a
 * draft or a scheduled one) are ever returned. Newest first by publication date; every list is
 * served by an index (articles_category_status_date_idx, articles_status_date_idx,
 * articles_featured_idx, articles_popular_idx).
 */

export type ArticleCategory = "Vesti" | "Oglasi";

export type PublicArticleCard = {
  id: number;
  title: string;
  slug: string | null;
  excerpt: string;
  category: ArticleCategory;
  author: string;
  featuredImage: string | null;
  publishedDate: Date;
};

export const cardColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  category: articles.category,
  author: articles.author,
  featuredImage: articles.featuredImage,
  publishedDate: articles.publishedDate,
};

const published = articleIsPublic;

/**
 * Newest first, spelt exactly like the indexes (`published_date DESC NULLS LAST`): a plain DESC
 * means NULLS FIRST, which the planner cannot serve from those indexes, and every list would then
 * sort the whole category (a seq scan: 40 ms instead of 0.3 ms on PGlite at 5,200 articles).
 */
const newestFirst = sql`${articles.publishedDate} desc nulls last`;

/** Public list pages: 12 cards (a full 3×4, 2×6 or 1×12 grid). */
export const PUBLIC_PAGE_SIZE = 12;
/** The home page: 5 hero articles (spec §9 home-hero: "5 banners matching the 5 hero articles"). */
export const HOME_HERO_COUNT = 5;
export const HOME_SECTION_COUNT = 6;
export const HOME_POPULAR_COUNT = 5;

export type PublicPage = { items: PublicArticleCard[]; total: number };

/**
 * How long a category's published total is reused. Counting walks the category's index entries
 * (thousands), while the list itself reads 12; the pages around it are cached as long (see
 * app/lib/http-cache.ts), so a newly published article shows in the count within 5 s.
 */
export const CATEGORY_COUNT_TTL_MS = 5_000;
const countMemo = new WeakMap<object, Map<ArticleCategory, { at: number; total: Promise<number> }>>();

/** The number of published articles of a category (one count, no memory). */
export async function countInCategory(db: DbOrTx, category: ArticleCategory): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(articles)
    .where(and(eq(articles.category, category), published));
  return row.total;
}

/** The number of published articles of a category, memoised per database for a few seconds. */
export function countPublishedInCategory(
  db: DbOrTx,
  category: ArticleCategory,
  now = Date.now(),
): Promise<number> {
  let perDb = countMemo.get(db);
  if (!perDb) {
    perDb = new Map();
    countMemo.set(db, perDb);
  }
  const hit = perDb.get(category);
  if (hit && now - hit.at >= 0 && now - hit.at < CATEGORY_COUNT_TTL_MS) return hit.total;
  const memo = perDb;
  const total = countInCategory(db, category);
  memo.set(category, { at: now, total });
  total.catch(() => memo.delete(category));
  return total;
}

/** One page of a category, newest first, with the category's published total. */
export async function listPublished(
  db: DbOrTx,
  {
    category,
    page,
    pageSize = PUBLIC_PAGE_SIZE,
  }: { category: ArticleCategory; page: number; pageSize?: number },
): Promise<PublicPage> {
  const [items, total] = await Promise.all([
    pageOfCategory(db, category, (page - 1) * pageSize, pageSize),
    countPublishedInCategory(db, category),
  ]);
  return { items, total };
}

/** The list order: newest first, the id breaking ties (matches articles_category_status_date_id_idx). */
export const listOrder = [newestFirst, sql`${articles.id} desc nulls last`];

/** The newest `limit` published articles of a category, in list order (a category's first page). */
export function newestInCategory(
  db: DbOrTx,
  category: ArticleCategory,
  limit: number,
): Promise<PublicArticleCard[]> {
  return db
    .select(cardColumns)
    .from(articles)
    .where(and(eq(articles.category, category), published))
    .orderBy(...listOrder)
    .limit(limit);
}

/**
 * One page of a category in list order, in two index-driven steps (docs/decisions/066): the page's
 * first row is found by walking only the index (an index-only scan: a deep page such as
 * /vesti?page=200 skips thousands of index entries, not thousands of rows), then the page is read
 * from there (keyset).
 */
async function pageOfCategory(db: DbOrTx, category: ArticleCategory, offset: number, limit: number) {
  const inCategory = and(eq(articles.category, category), published);
  if (offset === 0) return newestInCategory(db, category, limit);
  const [first] = await db
    .select({ publishedDate: articles.publishedDate, id: articles.id })
    .from(articles)
    .where(inCategory)
    .orderBy(...listOrder)
    .limit(1)
    .offset(offset);
  if (!first) return [];
  return db
    .select(cardColumns)
    .from(articles)
    .where(
      and(
        inCategory,
        sql`(${articles.publishedDate}, ${articles.id}) <= (${first.publishedDate}, ${first.id})`,
      ),
    )
    .orderBy(...listOrder)
    .limit(limit);
}

export type HomeArticles = {
  hero: PublicArticleCard[];
  vesti: PublicArticleCard[];
  oglasi: PublicArticleCard[];
  popular: PublicArticleCard[];
};

/**
 * The home page: the 5 newest featured articles (the hero), the newest Vesti and Oglasi not already
 * in the hero, and the newest articles marked popular.
 */
export async function homeArticles(db: DbOrTx): Promise<HomeArticles> {
  const hero = await db
    .select(cardColumns)
    .from(articles)
    .where(and(eq(articles.featured, true), published))
    .orderBy(newestFirst)
    .limit(HOME_HERO_COUNT);
  const heroIds = hero.map((a) => a.id);
  const notHero = heroIds.length > 0 ? notInArray(articles.id, heroIds) : undefined;
  const latest = (category: ArticleCategory) =>
    db
      .select(cardColumns)
      .from(articles)
      .where(and(eq(articles.category, category), published, notHero))
      .orderBy(newestFirst)
      .limit(HOME_SECTION_COUNT);
  const [vesti, oglasi, popular] = await Promise.all([
    latest("Vesti"),
    latest("Oglasi"),
    db
      .select(cardColumns)
      .from(articles)
      .where(and(eq(articles.popular, true), published))
      .orderBy(newestFirst)
      .limit(HOME_POPULAR_COUNT),
  ]);
  return { hero, vesti, oglasi, popular };
}

export type PublicArticle = PublicArticleCard & {
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
  /** The URL slug of each tag, in the same order (empty for a tag without letters or digits). */
  tagSlugs: string[];
  views: number;
  updatedAt: Date;
};

/** A published article by id; null for a draft or a missing id. */
export async function getPublishedArticle(db: DbOrTx, id: number): Promise<PublicArticle | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      content: articles.content,
      metaTitle: articles.metaTitle,
      metaDescription: articles.metaDescription,
      tags: articles.tags,
      tagSlugs: articles.tagSlugs,
      views: articles.views,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(and(eq(articles.id, id), published))
    .limit(1);
  return row ?? null;
}

/** More from the same category, for the end of an article page. */
export function relatedArticles(
  db: DbOrTx,
  article: { id: number; category: ArticleCategory },
  limit = 3,
): Promise<PublicArticleCard[]> {
  return db
    .select(cardColumns)
    .from(articles)
    .where(and(eq(articles.category, article.category), published, sql`${articles.id} <> ${article.id}`))
    .orderBy(newestFirst)
    .limit(limit);
}

/** The newest published articles for the RSS feed. */
export function feedArticles(db: DbOrTx, limit = 50) {
  return db
    .select({ ...cardColumns, updatedAt: articles.updatedAt })
    .from(articles)
    .where(published)
    .orderBy(newestFirst)
    .limit(limit);
}

export async function countPublished(db: DbOrTx): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(articles).where(published);
  return total;
}

export type SitemapEntry = { id: number; title: string; slug: string | null; updatedAt: Date };

/**
 * One sitemap file's articles: published, in id order, `offset`-th chunk. Keyset on the primary
 * key would avoid the offset scan, but a chunk is read at most once per crawl.
 */
export function sitemapArticles(db: DbOrTx, { offset, limit }: { offset: number; limit: number }) {
  return db
    .select({ id: articles.id, title: articles.title, slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(published)
    .orderBy(articles.id)
    .limit(limit)
    .offset(offset);
}
